import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { toast } from 'runtime-kernel';
import { BookingMoves, type BookingEvent, type BookingMove } from 'shared-contracts/booking-lifecycle';
import { useMoveBooking } from '@/shared/api/move-booking';
import { errorMessage } from '@/shared/lib/error-message';
import { useT } from '@/shared/i18n';
import { ConfirmDialog } from './ConfirmDialog';

/** Moves that cannot be undone ask first; accepting can be followed by a cancel, so it does not. */
const CONFIRMED: Partial<Record<BookingMove, 'red.9' | 'teal.9'>> = {
  decline: 'red.9',
  cancel: 'red.9',
  complete: 'teal.9',
};

const LOOK: Record<BookingMove, { color?: string; variant: 'filled' | 'light' | 'default' }> = {
  accept: { variant: 'filled' },
  complete: { color: 'teal.9', variant: 'filled' },
  decline: { color: 'red', variant: 'light' },
  cancel: { color: 'red', variant: 'light' },
};

export interface BookingActionsProps {
  bookingId: string;
  productName: string;
  /** The other person, named in the confirmation (the buyer, on the seller's page). */
  buyerName?: string;
  /** What the API said the reader may do now (the list row's `actions`). */
  actions: readonly BookingEvent[];
}

/**
 * The buttons of the moves a booking allows its reader now (docs/product.md#booking-lifecycle),
 * each with a pending state, a confirmation for what cannot be undone and a toast of the outcome;
 * the lists are fetched again after it (useMoveBooking). A booking with no move left says so.
 */
export function BookingActions({ bookingId, productName, buyerName, actions }: BookingActionsProps) {
  const t = useT();
  const move = useMoveBooking();
  const [asking, setAsking] = useState<BookingMove | null>(null);
  const moves = BookingMoves.filter((m) => actions.includes(m));

  const run = (m: BookingMove) =>
    move.mutate(
      { id: bookingId, move: m },
      {
        onSuccess: () => toast.success(t(`bookingLifecycle.done.${m}`)),
        onError: (error) => toast.error(errorMessage(error)),
        onSettled: () => setAsking(null),
      },
    );

  if (moves.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {t('bookingLifecycle.noActions')}
      </Text>
    );

  const confirming = asking ? CONFIRMED[asking] : undefined;
  return (
    <>
      {/* Two buttons may not fit a phone's card side by side: they wrap rather than overflow. */}
      <Group gap="xs">
        {moves.map((m) => (
          <Button
            key={m}
            size="xs"
            {...LOOK[m]}
            aria-label={t(`bookingLifecycle.movesFor.${m}`, { name: productName })}
            loading={move.isPending && move.variables.move === m}
            disabled={move.isPending && move.variables.move !== m}
            onClick={() => (CONFIRMED[m] ? setAsking(m) : run(m))}
          >
            {t(`bookingLifecycle.moves.${m}`)}
          </Button>
        ))}
      </Group>
      {asking && confirming && asking !== 'accept' && (
        <ConfirmDialog
          opened
          title={t(`bookingLifecycle.confirm.${asking}.title`)}
          message={t(`bookingLifecycle.confirm.${asking}.message`, {
            name: productName,
            buyer: buyerName ?? '',
          })}
          confirmLabel={t(`bookingLifecycle.moves.${asking}`)}
          cancelLabel={t('bookingLifecycle.keep')}
          confirmColor={confirming}
          busy={move.isPending}
          onConfirm={() => run(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </>
  );
}
