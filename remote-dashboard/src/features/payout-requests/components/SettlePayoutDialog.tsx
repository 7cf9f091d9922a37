import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toast } from 'runtime-kernel';
import { MarkPayoutFailedSchema, MarkPayoutPaidSchema, type Payout } from 'shared-contracts/money';
import { schemaErrors } from 'web-kit/form-validation';
import { errorMessage } from '@/shared/lib/error-message';
import { useT } from '@/shared/i18n';
import { useSettlePayout } from '../api/settle-payout';
import { formatPaisa } from 'web-kit/format';

export type SettleOutcome = 'paid' | 'failed';

/**
 * Mark paid asks for the bank transfer's reference, Mark failed for the reason (the seller reads
 * it, and the money goes back to their available balance). Mounted while open.
 */
export function SettlePayoutDialog({
  payout,
  outcome,
  onClose,
}: {
  payout: Payout;
  outcome: SettleOutcome;
  onClose: () => void;
}) {
  const t = useT();
  const settle = useSettlePayout();
  // The payload's one field (reference or reason) is the form's one text.
  const form = useForm({
    initialValues: { text: '' },
    validate: ({ text }) => {
      const errors =
        outcome === 'paid'
          ? schemaErrors(
              MarkPayoutPaidSchema,
              { reference: text.trim() },
              {
                messages: {
                  reference: {
                    invalid: 'payoutRequests.settle.paid.required',
                    tooLong: 'payoutRequests.settle.tooLong',
                  },
                },
                t,
              },
            )
          : schemaErrors(
              MarkPayoutFailedSchema,
              { reason: text.trim() },
              {
                messages: {
                  reason: {
                    invalid: 'payoutRequests.settle.failed.required',
                    tooLong: 'payoutRequests.settle.tooLong',
                  },
                },
                t,
              },
            );
      const error = errors.reference ?? errors.reason;
      return error ? { text: error } : {};
    },
  });
  const close = () => {
    if (!settle.isPending) onClose();
  };
  const submit = ({ text }: { text: string }) => {
    const value = text.trim();
    settle.mutate(
      outcome === 'paid'
        ? { id: payout._id, outcome, reference: value }
        : { id: payout._id, outcome, reason: value },
      {
        onSuccess: () => {
          toast.success(t(`payoutRequests.settle.${outcome}.done`, { name: payout.sellerName }));
          onClose();
        },
      },
    );
  };
  const amount = formatPaisa(payout.amountPaisa);
  return (
    <Modal opened onClose={close} title={t(`payoutRequests.settle.${outcome}.title`)} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {t(`payoutRequests.settle.${outcome}.intro`, {
              amount,
              name: payout.sellerName,
              method: payout.method.masked,
            })}
          </Text>
          <TextInput
            label={t(`payoutRequests.settle.${outcome}.label`)}
            description={t(`payoutRequests.settle.${outcome}.hint`)}
            required
            maxLength={outcome === 'paid' ? 100 : 300}
            data-autofocus
            {...form.getInputProps('text')}
          />
          {settle.isError && (
            <Alert color="red" role="alert">
              {errorMessage(settle.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={settle.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color={outcome === 'paid' ? 'green' : 'red'} loading={settle.isPending}>
              {t(`payoutRequests.settle.${outcome}.submit`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
