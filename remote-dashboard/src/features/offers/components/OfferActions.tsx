import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { toast } from 'runtime-kernel';
import { OfferMoves, type OfferMove } from 'shared-contracts/offer-lifecycle';
import { counterOfferSchemaFor, type Offer } from 'shared-contracts/offers';
import { formatPrice } from 'web-kit/format';
import { errorMessage } from '@/shared/lib/error-message';
import { ConfirmDialog } from '@/shared/components/ConfirmDialog';
import { useT } from '../i18n';
import { useMoveOffer } from '../api/move-offer';

const LOOK: Record<OfferMove, { color?: string; variant: 'filled' | 'light' | 'default' }> = {
  accept: { variant: 'filled' },
  counter: { variant: 'default' },
  decline: { color: 'red', variant: 'light' },
};

/**
 * The moves an offer allows its reader now (the row's `actions`, docs/product.md#offers): accept,
 * decline (asked first: it cannot be undone) and, for the seller, counter with an amount from the
 * buyer's offer up to the asking price. Each shows its pending state and a toast of the outcome.
 */
export function OfferActions({ offer }: { offer: Offer }) {
  const t = useT();
  const move = useMoveOffer();
  const [asking, setAsking] = useState<OfferMove | null>(null);
  const [counter, setCounter] = useState<number | string>('');
  const [counterError, setCounterError] = useState<string | null>(null);
  const moves = OfferMoves.filter((m) => offer.actions.includes(m));
  const max = Math.floor(offer.askingPrice);
  const bounds = { min: formatPrice(offer.amount), max: formatPrice(max) };

  const run = (m: OfferMove, amount?: number) =>
    move.mutate(
      { id: offer._id, move: m, amount },
      {
        onSuccess: () => toast.success(t(`offers.done.${m}`)),
        onError: (error) => toast.error(errorMessage(error)),
        onSettled: () => setAsking(null),
      },
    );

  const sendCounter = () => {
    const amount = Number(counter);
    // The API's own rule (shared-contracts/offers.ts), so the form and the server never disagree.
    const valid = counterOfferSchemaFor(offer.amount, offer.askingPrice).safeParse({ amount });
    if (counter === '' || !valid.success) {
      setCounterError(t('offers.counterBounds', bounds));
      return;
    }
    run('counter', amount);
  };

  if (moves.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {t('offers.noActions')}
      </Text>
    );

  return (
    <>
      <Group gap="xs">
        {moves.map((m) => (
          <Button
            key={m}
            size="xs"
            {...LOOK[m]}
            aria-label={t(`offers.movesFor.${m}`, { name: offer.productName })}
            loading={move.isPending && move.variables.move === m}
            disabled={move.isPending && move.variables.move !== m}
            onClick={() => (m === 'accept' ? run(m) : setAsking(m))}
          >
            {t(`offers.moves.${m}`)}
          </Button>
        ))}
      </Group>
      {asking === 'decline' && (
        <ConfirmDialog
          opened
          title={t('offers.confirmDecline.title')}
          message={t('offers.confirmDecline.message', { name: offer.productName })}
          confirmLabel={t('offers.moves.decline')}
          cancelLabel={t('offers.keep')}
          confirmColor="red.9"
          busy={move.isPending}
          onConfirm={() => run('decline')}
          onCancel={() => setAsking(null)}
        />
      )}
      <Modal
        opened={asking === 'counter'}
        onClose={() => setAsking(null)}
        title={t('offers.counterTitle', { name: offer.productName })}
        centered
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            sendCounter();
          }}
        >
          <Stack gap="md">
            <NumberInput
              label={t('offers.counterAmount')}
              description={t('offers.counterBounds', bounds)}
              required
              min={offer.amount}
              max={max}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              prefix="৳"
              inputMode="numeric"
              value={counter}
              onChange={(value) => {
                setCounter(value);
                setCounterError(null);
              }}
              error={counterError}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" type="button" onClick={() => setAsking(null)}>
                {t('offers.keep')}
              </Button>
              <Button type="submit" loading={move.isPending}>
                {t('offers.sendCounter')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
