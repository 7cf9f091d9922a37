import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { ApiError, toast } from 'shared-auth';
import { useCreateReport } from '../api/create-report';
import { useT } from '@/shared/i18n';

// shared-contracts/reports allows up to 1000 characters.
const REASON_MAX = 1000;

interface ReportItemDialogProps {
  productId: string;
  productName: string;
  opened: boolean;
  onClose: () => void;
}

export function ReportItemDialog({ productId, productName, opened, onClose }: ReportItemDialogProps) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const report = useCreateReport();
  const missing = reason.trim().length === 0;

  const close = () => {
    setReason('');
    setTouched(false);
    report.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missing) return;
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
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('report.intro', { name: productName })}
          </Text>
          <Textarea
            label={t('report.reason')}
            required
            autosize
            minRows={3}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched && missing ? t('report.reasonMissing') : undefined}
            data-autofocus
          />
          {report.isError && (
            <Alert color="red" role="alert" title={t('report.notSent')}>
              {report.error instanceof ApiError ? report.error.message : t('common.checkConnection')}
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
