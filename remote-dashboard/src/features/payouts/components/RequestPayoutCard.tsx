import { useState } from 'react';
import { Alert, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { toast } from 'runtime-kernel';
import type { Balance } from 'shared-contracts/money';
import { ConfirmDialog } from '@/shared/components/ConfirmDialog';
import { errorMessage } from '@/shared/lib/error-message';
import { useT, type Translate } from '@/shared/i18n';
import { useRequestPayout } from '../api/request-payout';
import { formatPaisa } from 'web-kit/format';

/** Why the seller cannot ask for a payout now, or null when they can (the API checks the same). */
export function payoutBlocker(balance: Balance, t: Translate): string | null {
  const amount = (paisa: number) => formatPaisa(paisa, undefined, balance.currency);
  if (!balance.method) return t('sellerPayouts.request.noMethod');
  if (balance.payoutPendingPaisa > 0)
    return t('sellerPayouts.request.alreadyRequested', { amount: amount(balance.payoutPendingPaisa) });
  if (balance.availablePaisa === 0) return t('sellerPayouts.request.nothingAvailable');
  if (balance.availablePaisa < balance.payoutMinimumPaisa)
    return t('sellerPayouts.request.belowMinimum', { min: amount(balance.payoutMinimumPaisa) });
  return null;
}

/** The whole available balance, to the payout method, after a confirmation. */
export function RequestPayoutCard({ uid, balance }: { uid: string; balance: Balance | undefined }) {
  const t = useT();
  const request = useRequestPayout(uid);
  const [confirming, setConfirming] = useState(false);
  const blocker = balance ? payoutBlocker(balance, t) : null;
  const amount = balance ? formatPaisa(balance.availablePaisa, undefined, balance.currency) : '';

  const send = () =>
    request.mutate(undefined, {
      onSuccess: (payout) => {
        toast.success(t('sellerPayouts.request.requested', { amount: formatPaisa(payout.amountPaisa) }));
        setConfirming(false);
      },
      // The API's reason (below the minimum, no method, one already asked for) stays under the button.
      onError: () => setConfirming(false),
    });

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="request-payout-heading">
      <Title order={2} fz="lg" id="request-payout-heading" mb="xs">
        {t('sellerPayouts.request.heading')}
      </Title>
      {!balance ? (
        <Stack gap={6}>
          <Skeleton height={14} width="80%" />
          <Skeleton height={36} width={220} />
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed">
            {t('sellerPayouts.request.intro', {
              min: formatPaisa(balance.payoutMinimumPaisa, undefined, balance.currency),
            })}
          </Text>
          <Button
            disabled={blocker !== null}
            aria-describedby={blocker ? 'payout-blocker' : undefined}
            onClick={() => {
              request.reset();
              setConfirming(true);
            }}
          >
            {t('sellerPayouts.request.button', { amount })}
          </Button>
          {blocker && (
            <Text size="sm" c="dimmed" id="payout-blocker" data-testid="payout-blocker">
              {blocker}
            </Text>
          )}
          {request.isError && (
            <Alert color="red" role="alert" w="100%">
              {errorMessage(request.error)}
            </Alert>
          )}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('sellerPayouts.request.confirmTitle')}
        message={
          balance?.method
            ? t('sellerPayouts.request.confirmMessage', { amount, method: balance.method.masked })
            : null
        }
        confirmLabel={t('sellerPayouts.request.confirm')}
        confirmColor="blue"
        busy={request.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
