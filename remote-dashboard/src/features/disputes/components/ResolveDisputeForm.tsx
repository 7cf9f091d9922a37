import { useState } from 'react';
import { Alert, Button, Card, NumberInput, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLanguage } from 'runtime-kernel';
import type { Dispute, ResolveDispute } from 'shared-contracts/money';
import { priceSign, formatPaisa } from 'web-kit/format';
import { ConfirmDialog } from '@/shared/components/ConfirmDialog';
import { errorMessage } from '@/shared/lib/error-message';
import { useT } from '@/shared/i18n';
import { useResolveDispute } from '../api/resolve-dispute';
import {
  INITIAL_RESOLVE_VALUES,
  OUTCOMES,
  resolvePayload,
  validateResolve,
  type ResolveValues,
} from './resolve-form';

/**
 * The operator's decision: release to the seller, refund in full, or refund a part (in taka) and
 * release the rest, with a note saying why. It asks once more, naming who gets how much, before
 * sending: the money moves for good.
 */
export function ResolveDisputeForm({ dispute }: { dispute: Dispute }) {
  const t = useT();
  const language = useLanguage();
  const { order } = dispute;
  const amount = order.amountPaisa;
  const money = (paisa: number) => formatPaisa(paisa, undefined, order.currency);
  const resolve = useResolveDispute(dispute._id);
  const [confirming, setConfirming] = useState<ResolveDispute | null>(null);
  const form = useForm<ResolveValues>({
    initialValues: INITIAL_RESOLVE_VALUES,
    validate: (values) => validateResolve(values, amount, t),
  });
  const outcome = form.values.outcome;

  const summary = (body: ResolveDispute) => {
    const names = { buyer: order.buyerName, seller: order.sellerName };
    if (body.outcome === 'release')
      return t('adminDisputes.resolve.confirm.release', { ...names, amount: money(amount) });
    if (body.outcome === 'refund')
      return t('adminDisputes.resolve.confirm.refund', { ...names, amount: money(amount) });
    const refund = body.refundPaisa ?? 0;
    return t('adminDisputes.resolve.confirm.part-refund', {
      ...names,
      refund: money(refund),
      rest: money(amount - refund),
    });
  };

  const send = () => {
    if (!confirming) return;
    resolve.mutate(confirming, {
      onSuccess: () => setConfirming(null),
      onError: () => setConfirming(null),
    });
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="resolve-heading">
      <Title order={2} fz="lg" id="resolve-heading" mb="xs">
        {t('adminDisputes.resolve.heading')}
      </Title>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          resolve.reset();
          setConfirming(resolvePayload(values));
        })}
      >
        <Stack gap="md">
          <Radio.Group label={t('adminDisputes.resolve.outcome')} required {...form.getInputProps('outcome')}>
            <Stack gap="sm" mt="xs">
              {OUTCOMES.map((o) => (
                <Radio
                  key={o}
                  value={o}
                  label={t(`adminDisputes.resolve.outcomes.${o}`)}
                  description={t(`adminDisputes.resolve.outcomeHints.${o}`, {
                    buyer: order.buyerName,
                    seller: order.sellerName,
                    amount: money(amount),
                  })}
                />
              ))}
            </Stack>
          </Radio.Group>
          {outcome === 'part-refund' && (
            <NumberInput
              label={t('adminDisputes.resolve.refund')}
              description={t('adminDisputes.resolve.refundHint', {
                min: money(1),
                max: money(amount - 1),
              })}
              required
              leftSection={priceSign(language)}
              decimalScale={2}
              min={0.01}
              max={(amount - 1) / 100}
              // Out of range is said, not silently changed into the nearest bound.
              clampBehavior="none"
              hideControls
              inputMode="decimal"
              {...form.getInputProps('refundTaka')}
            />
          )}
          <TextInput
            label={t('adminDisputes.resolve.note')}
            description={t('adminDisputes.resolve.noteHint')}
            required
            maxLength={500}
            {...form.getInputProps('note')}
          />
          {resolve.isError && (
            <Alert color="red" role="alert">
              {errorMessage(resolve.error)}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {t('adminDisputes.resolve.final')}
          </Text>
          <Button type="submit" style={{ alignSelf: 'flex-start' }}>
            {t('adminDisputes.resolve.submit')}
          </Button>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming !== null}
        title={t('adminDisputes.resolve.confirmTitle')}
        message={confirming ? summary(confirming) : null}
        confirmLabel={t('adminDisputes.resolve.confirmButton')}
        cancelLabel={t('adminDisputes.resolve.back')}
        busy={resolve.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
