import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError, toast } from 'runtime-kernel';
import { CreateReportSchema, MAX_REPORT_REASON_LENGTH } from 'shared-contracts/reports';
import { schemaValidator } from 'web-kit/form-validation';
import { useCreateReport } from '../api/create-report';
import { NoAnswer } from '@/shared/components/NoAnswer';
import { useT } from '../i18n';

/**
 * The listing's report form. It carries zod (the API's CreateReportSchema is its rule), so the
 * details page loads it only when the visitor first asks to report (DetailsPage).
 */
interface ReportItemDialogProps {
  productId: string;
  productName: string;
  opened: boolean;
  onClose: () => void;
}

export default function ReportItemDialog({ productId, productName, opened, onClose }: ReportItemDialogProps) {
  const t = useT();
  const form = useForm({
    initialValues: { reason: '' },
    // The reason is asked for once the visitor leaves the field empty, or submits.
    validateInputOnBlur: true,
    validate: schemaValidator(CreateReportSchema, {
      payload: (values) => ({ productId, reason: values.reason }),
      messages: { reason: 'report.reasonMissing' },
      t,
    }),
  });
  const report = useCreateReport();

  const close = () => {
    form.reset();
    report.reset();
    onClose();
  };

  const submit = ({ reason }: typeof form.values) => {
    report.mutate(
      { productId, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(t('report.sent'));
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('report.title')} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('report.intro', { name: productName })}
          </Text>
          <Textarea
            label={t('report.reason')}
            required
            autosize
            minRows={3}
            maxLength={MAX_REPORT_REASON_LENGTH}
            {...form.getInputProps('reason')}
            data-autofocus
          />
          {report.isError && (
            <Alert color="red" role="alert" title={t('report.notSent')}>
              {report.error instanceof ApiError ? report.error.message : <NoAnswer />}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} type="button">
              {t('report.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={report.isPending}>
              {t('report.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
