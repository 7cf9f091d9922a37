import { Alert, Button, Group, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toast } from 'runtime-kernel';
import type { PayoutMethod } from 'shared-contracts/money';
import { errorMessage } from '@/shared/lib/error-message';
import { useT } from '@/shared/i18n';
import { useSavePayoutMethod } from '../api/save-payout-method';
import {
  initialPayoutMethodValues,
  PAYOUT_KINDS,
  payoutMethodPayload,
  validatePayoutMethod,
  type PayoutKind,
  type PayoutMethodValues,
} from './payout-method-form';

/**
 * Add or change where the seller's payouts go: a bKash, Nagad or Rocket wallet, or a bank account.
 * Mounted while open, so each opening starts from the saved method.
 */
export function PayoutMethodDialog({
  uid,
  method,
  onClose,
}: {
  uid: string;
  method: PayoutMethod | null;
  onClose: () => void;
}) {
  const t = useT();
  const save = useSavePayoutMethod(uid);
  const form = useForm<PayoutMethodValues>({
    initialValues: initialPayoutMethodValues(method),
    validate: (values) => validatePayoutMethod(values, t),
  });
  const kind = form.values.kind;
  const close = () => {
    if (!save.isPending) onClose();
  };

  const submit = (values: PayoutMethodValues) =>
    save.mutate(payoutMethodPayload(values), {
      onSuccess: () => {
        toast.success(t('sellerPayouts.methodForm.saved'));
        onClose();
      },
    });

  return (
    <Modal opened onClose={close} title={t('sellerPayouts.methodForm.title')} centered size="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('sellerPayouts.methodForm.intro')}
          </Text>
          <Radio.Group
            label={t('sellerPayouts.methodForm.kind')}
            value={kind}
            onChange={(value) => {
              form.setFieldValue('kind', value as PayoutKind);
              form.clearErrors();
            }}
          >
            <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" mt="xs">
              {PAYOUT_KINDS.map((k) => (
                <Radio key={k} value={k} label={t(`sellerPayouts.kinds.${k}`)} />
              ))}
            </SimpleGrid>
          </Radio.Group>
          {kind === 'bank' ? (
            <>
              <TextInput
                label={t('sellerPayouts.methodForm.accountName')}
                description={t('sellerPayouts.methodForm.accountNameHint')}
                autoComplete="name"
                required
                {...form.getInputProps('accountName')}
              />
              <TextInput
                label={t('sellerPayouts.methodForm.accountNumber')}
                inputMode="numeric"
                autoComplete="off"
                required
                {...form.getInputProps('accountNumber')}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <TextInput
                  label={t('sellerPayouts.methodForm.bankName')}
                  required
                  {...form.getInputProps('bankName')}
                />
                <TextInput
                  label={t('sellerPayouts.methodForm.branch')}
                  required
                  {...form.getInputProps('branch')}
                />
              </SimpleGrid>
              <TextInput
                label={t('sellerPayouts.methodForm.routingNumber')}
                description={t('sellerPayouts.methodForm.routingNumberHint')}
                inputMode="numeric"
                autoComplete="off"
                maxLength={11}
                required
                {...form.getInputProps('routingNumber')}
              />
            </>
          ) : (
            <TextInput
              key={kind}
              label={t('sellerPayouts.methodForm.walletNumber', { wallet: t(`sellerPayouts.kinds.${kind}`) })}
              description={t('sellerPayouts.methodForm.walletNumberHint')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={15}
              required
              data-autofocus
              {...form.getInputProps('walletNumber')}
            />
          )}
          {save.isError && (
            <Alert color="red" role="alert">
              {errorMessage(save.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('sellerPayouts.methodForm.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
