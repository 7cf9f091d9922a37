import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError } from 'runtime-kernel';
import type { Order } from 'shared-contracts/money';
import { FUNDS_STATE_BADGE } from 'shared-contracts/order-lifecycle';
import { formatDate, formatPaisa } from 'web-kit/format';
import { fundsNextStep } from 'web-kit/order-funds';
import { useOrder } from '../api/get-order';
import { useT } from '@/shared/i18n';

/**
 * "Where your money is", below the receipt of a paid order (docs/product.md#money): SecondByte
 * holds the money until the buyer has the laptop. The state, its days and the next step, in the
 * words of the dashboard's My Orders, and the way there. Not printed: the receipt is the payment's
 * record, this is its state today. A payment from before the hold has no order (404): nothing shows.
 */
export function WhereYourMoneyIs({ transactionId, viewerUid }: { transactionId: number; viewerUid: string }) {
  const t = useT();
  const order = useOrder(transactionId, viewerUid, true);
  if (order.isPending)
    return <Skeleton h={140} radius="md" aria-label={t('funds.loading')} data-print-hide />;
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) return null;
    return (
      <Alert color="red" title={t('funds.failed')} role="alert" variant="light" data-print-hide>
        <Button size="xs" color="red.9" onClick={() => void order.refetch()}>
          {t('payment.retry')}
        </Button>
      </Alert>
    );
  }
  return <FundsState order={order.data} />;
}

function FundsState({ order }: { order: Order }) {
  const t = useT();
  const { step, date, refundPaisa } = fundsNextStep(order);
  const days = [
    t('funds.dates.paid', { date: formatDate(order.paidAt) }),
    order.handedOverAt && t('funds.dates.handedOver', { date: formatDate(order.handedOverAt) }),
    order.releasedAt && t('funds.dates.released', { date: formatDate(order.releasedAt) }),
    order.refundedAt && t('funds.dates.refunded', { date: formatDate(order.refundedAt) }),
  ].filter(Boolean);
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      aria-labelledby="funds-title"
      data-print-hide
      data-testid="funds"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text id="funds-title" component="h2" fw={700} size="lg" m={0}>
            {t('funds.title')}
          </Text>
          <Badge
            color={FUNDS_STATE_BADGE[order.funds].color}
            variant="light"
            size="lg"
            title={t(`funds.stateHints.${order.funds}`)}
          >
            {t(`funds.states.${order.funds}`)}
          </Badge>
        </Group>
        <Text fw={500}>
          {t(`funds.next.${step}`, {
            date: date ? formatDate(date) : '',
            amount: formatPaisa(refundPaisa, undefined, order.currency),
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {days.join(' · ')}
        </Text>
        <Anchor component={Link} to="/dashboard/my-orders" size="sm" w="fit-content">
          {t('funds.myOrders')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
