import { useCallback, useState } from 'react';
import { Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { toast } from 'runtime-kernel';
import {
  DisputeReasons,
  MAX_DISPUTE_TEXT,
  OpenDisputeSchema,
  type Dispute,
  type DisputeReason,
  type Order,
} from 'shared-contracts/money';
import { schemaValidator } from 'web-kit/form-validation';
import { useT } from '@/shared/i18n';
import { disputeHref } from '@/shared/lib/dashboard-pages';
import { errorMessage } from '@/shared/lib/error-message';
import { useOpenDispute } from '../api/open-dispute';
import { DisputePhotoField } from './DisputePhotoField';

interface DisputeFormValues {
  reason: DisputeReason | '';
  text: string;
  photos: string[];
}

/**
 * Report a problem with a paid order (docs/product.md#money): what went wrong, in words and up to
 * five photos; the money stays held until an operator decides. The rules are the API's
 * (OpenDisputeSchema, docs/decisions/0034-forms-through-mantine-form.md); My Orders imports this
 * dialog on the first Report a problem, so zod is not part of the page's first load.
 */
export default function ReportProblemDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const t = useT();
  const open = useOpenDispute();
  const [uploading, setUploading] = useState(false);
  const [sent, setSent] = useState<Dispute | null>(null);
  const form = useForm<DisputeFormValues>({
    initialValues: { reason: '', text: '', photos: [] },
    validate: schemaValidator(OpenDisputeSchema, {
      payload: (v: DisputeFormValues) => ({ reason: v.reason || undefined, text: v.text, photos: v.photos }),
      messages: {
        reason: 'disputeForm.reasonRequired',
        text: {
          required: 'disputeForm.textShort',
          tooShort: 'disputeForm.textShort',
          tooLong: 'disputeForm.textLong',
          invalid: 'disputeForm.textInvalid',
        },
      },
      t,
    }),
  });
  const { setFieldValue } = form;
  const setPhotos = useCallback(
    (update: (photos: string[]) => string[]) => setFieldValue('photos', update),
    [setFieldValue],
  );

  const submit = (values: DisputeFormValues) => {
    if (uploading) {
      form.setFieldError('photos', t('disputeForm.waitForPhotos'));
      return;
    }
    open.mutate(
      {
        transactionId: order.transactionId,
        body: { reason: values.reason as DisputeReason, text: values.text.trim(), photos: values.photos },
      },
      {
        onSuccess: (dispute) => setSent(dispute),
        // A refusal (the order moved on meanwhile, a photo that is not the site's) keeps the form.
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  const close = open.isPending ? () => undefined : onClose;
  if (sent)
    return (
      <Modal opened onClose={onClose} title={t('disputeForm.sentTitle')} centered>
        <Stack gap="md">
          <Text size="sm" role="status">
            {t('disputeForm.sent')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('disputeForm.close')}
            </Button>
            <Button component={Link} to={disputeHref(sent._id)} data-autofocus>
              {t('orderFunds.viewDispute')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );

  return (
    <Modal
      opened
      onClose={close}
      title={t('disputeForm.title', { name: order.productName })}
      centered
      size="lg"
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('disputeForm.intro')}
          </Text>
          <NativeSelect
            label={t('disputeForm.reason')}
            withAsterisk
            data={[
              { value: '', label: t('disputeForm.reasonPlaceholder'), disabled: true },
              ...DisputeReasons.map((reason) => ({
                value: reason,
                label: t(`disputeForm.reasons.${reason}`),
              })),
            ]}
            {...form.getInputProps('reason')}
            data-autofocus
          />
          <Textarea
            label={t('disputeForm.text')}
            description={t('disputeForm.textHint', { max: MAX_DISPUTE_TEXT })}
            withAsterisk
            autosize
            minRows={4}
            maxRows={10}
            maxLength={MAX_DISPUTE_TEXT}
            {...form.getInputProps('text')}
          />
          <DisputePhotoField
            photos={form.values.photos}
            onPhotosChange={setPhotos}
            onUploadingChange={setUploading}
            error={form.errors.photos as string | undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={open.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={open.isPending}>
              {t('disputeForm.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
