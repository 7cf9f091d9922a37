import type { ReactNode } from 'react';
import { Alert, Box, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthStore, useLiveEvent } from 'runtime-kernel';
import type { Order } from 'shared-contracts/money';
import { queryKeys } from 'web-kit/query-keys';
import { useOrders, type OrderSide } from '@/shared/api/get-orders';
import { useT } from '@/shared/i18n';
import { errorMessage } from '@/shared/lib/error-message';
import { OrderMoveButtons } from './OrderMoveButtons';
import { PaidOrderCard } from './PaidOrderCard';

/**
 * "Paid online" above My Orders' and My Buyers' bookings (docs/product.md#money): the reader's
 * orders paid through Buy Now, where their money is and the moves they allow. Hidden for a reader
 * with none: most bookings are paid in person. `extraActions` adds a page's own buttons to a card.
 */
export function PaidOrdersSection({
  side,
  extraActions,
}: {
  side: OrderSide;
  extraActions?: (order: Order) => ReactNode;
}) {
  const t = useT();
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const orders = useOrders(uid, side);
  const queryClient = useQueryClient();
  // The other side's move (handed over, released, refunded, disputed) arrives as a bell notice.
  useLiveEvent('notification', () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all() });
  });
  if (orders.isSuccess && orders.data.length === 0) return null;
  const headingId = `paid-online-${side}`;
  return (
    <Box component="section" aria-labelledby={headingId} mb="xl">
      <Title order={2} fz="lg" id={headingId}>
        {t('orderFunds.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {side === 'buyer' ? t('orderFunds.buyerIntro') : t('orderFunds.sellerIntro')}
      </Text>
      {orders.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('orderFunds.loading')}>
          <Skeleton h={120} radius="md" />
          <Skeleton h={120} radius="md" />
        </Stack>
      ) : orders.isError ? (
        <Alert color="red" title={t('orderFunds.failed')} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(orders.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void orders.refetch()}>
              {t('common.tryAgain')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          aria-labelledby={headingId}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {orders.data.map((order) => (
            <PaidOrderCard key={order.transactionId} order={order} side={side}>
              <OrderMoveButtons order={order}>{extraActions?.(order)}</OrderMoveButtons>
            </PaidOrderCard>
          ))}
        </Stack>
      )}
    </Box>
  );
}
