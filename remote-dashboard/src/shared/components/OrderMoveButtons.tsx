import { useState, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { toast } from 'runtime-kernel';
import type { Order } from 'shared-contracts/money';
import { OrderMoves, type OrderMove } from 'shared-contracts/order-lifecycle';
import { formatPaisa } from 'web-kit/format';
import { useMoveOrder } from '@/shared/api/move-order';
import { useT } from '@/shared/i18n';
import { errorMessage } from '@/shared/lib/error-message';
import { ConfirmDialog } from './ConfirmDialog';

const LOOK: Record<OrderMove, { color: string; variant: 'filled' | 'light' }> = {
  'hand-over': { color: 'teal.9', variant: 'filled' },
  confirm: { color: 'teal.9', variant: 'filled' },
  cancel: { color: 'red', variant: 'light' },
};
/** Every move moves money and cannot be undone, so each asks first; cancelling refunds, in red. */
const CONFIRM_COLOR: Record<OrderMove, string> = {
  'hand-over': 'teal.9',
  confirm: 'teal.9',
  cancel: 'red.9',
};

/**
 * The buttons of the moves an order allows its reader now (its `actions`: Mark handed over and
 * Cancel and refund for the seller of a held order, Confirm receipt for the buyer of a handed-over
 * one), each asking first, with a toast of the outcome or of the API's refusal. `children` adds the
 * page's own buttons to the row (the buyer's Report a problem).
 */
export function OrderMoveButtons({ order, children }: { order: Order; children?: ReactNode }) {
  const t = useT();
  const move = useMoveOrder();
  const [asking, setAsking] = useState<OrderMove | null>(null);
  const moves = OrderMoves.filter((m) => order.actions.includes(m));
  if (moves.length === 0 && !children) return null;

  const run = (m: OrderMove) =>
    move.mutate(
      { transactionId: order.transactionId, move: m },
      {
        onSuccess: () => toast.success(t(`orderFunds.done.${m}`)),
        onError: (error) => toast.error(errorMessage(error)),
        onSettled: () => setAsking(null),
      },
    );

  return (
    <>
      {/* The buttons wrap on a phone rather than overflow the card. */}
      <Group gap="xs" mt={4}>
        {moves.map((m) => (
          <Button
            key={m}
            size="xs"
            {...LOOK[m]}
            aria-label={t(`orderFunds.movesFor.${m}`, { name: order.productName })}
            loading={move.isPending && move.variables.move === m}
            disabled={move.isPending && move.variables.move !== m}
            onClick={() => setAsking(m)}
          >
            {t(`orderFunds.moves.${m}`)}
          </Button>
        ))}
        {children}
      </Group>
      {asking && (
        <ConfirmDialog
          opened
          title={t(`orderFunds.confirm.${asking}.title`)}
          message={t(`orderFunds.confirm.${asking}.message`, {
            name: order.productName,
            buyer: order.buyerName,
            amount: formatPaisa(order.amountPaisa, undefined, order.currency),
          })}
          confirmLabel={t(`orderFunds.moves.${asking}`)}
          cancelLabel={t('orderFunds.keep')}
          confirmColor={CONFIRM_COLOR[asking]}
          busy={move.isPending}
          onConfirm={() => run(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </>
  );
}
