import { lazy, Suspense, useMemo, useState } from 'react';
import { Badge, Button, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAuthStore, useCheckoutIntents } from 'runtime-kernel';
import type { Booking } from 'shared-contracts/bookings';
import type { Order } from 'shared-contracts/money';
import { BookingActions } from '@/shared/components/BookingActions';
import { BookingStateBadge } from '@/shared/components/BookingStateBadge';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { PageHeader } from '@/shared/components/PageHeader';
import { PaidOrdersSection } from '@/shared/components/PaidOrdersSection';
import { useOrders } from '@/shared/api/get-orders';
import { formatDate, formatPrice } from 'web-kit/format';
import { MY_ORDERS_LIST, useMyOrders } from '../api/get-my-orders';
import { ListFilter } from '@/shared/components/ListFilter';
import { useListParams } from '@/shared/hooks/use-list-params';
import { ALL } from '@/shared/lib/list-params';
import { useT } from '@/shared/i18n';

// The form and its zod come with the first Report a problem, not with the page.
const ReportProblemDialog = lazy(() => import('../components/ReportProblemDialog'));

/**
 * Whether a booking can be paid: while it is open (requested or accepted) and the laptop is not
 * sold. Paid shows as paid; a laptop someone else bought as sold; a booking that ended otherwise
 * (declined, expired, cancelled, or handed over and paid in person) as closed — its state badge
 * says how.
 */
export function paymentState(booking: Booking): 'paid' | 'payable' | 'sold' | 'closed' {
  if (booking.paid) return 'paid';
  if (booking.status === 'sold' && booking.state !== 'completed') return 'sold';
  return booking.state === 'requested' || booking.state === 'accepted' ? 'payable' : 'closed';
}

/**
 * Buyer: My Orders (docs/product.md#dashboard): the orders paid online and where their money is
 * (confirm receipt, report a problem), then each booking's state, Pay while it is open and the
 * laptop unsold (checkout takes over), a Paid badge, and the buyer's moves (cancel).
 */
export default function MyOrdersPage() {
  const t = useT();
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const list = useListParams(MY_ORDERS_LIST);
  const orders = useMyOrders(uid, list.params);
  const requestPayment = useCheckoutIntents((s) => s.requestPayment);
  const pending = useCheckoutIntents((s) => (s.intent?.kind === 'pay' ? s.intent.product._id : null));
  const [reporting, setReporting] = useState<Order | null>(null);
  // The section's own query (one request): a buyer who paid online without booking has orders.
  const hasPaidOrders = (useOrders(uid, 'buyer').data?.length ?? 0) > 0;

  const columns = useMemo<Column<Booking>[]>(
    () => [
      {
        key: 'productName',
        header: t('orders.productName'),
        sortKey: 'productName',
        render: (b) => b.productName,
      },
      { key: 'name', header: t('orders.name'), render: (b) => b.name },
      { key: 'phone', nowrap: true, header: t('orders.phone'), render: (b) => b.phone },
      { key: 'place', header: t('orders.place'), render: (b) => b.place },
      {
        key: 'price',
        nowrap: true,
        header: t('orders.price'),
        sortKey: 'price',
        render: (b) => formatPrice(b.price),
      },
      {
        key: 'date',
        nowrap: true,
        header: t('orders.booked'),
        sortKey: 'date',
        render: (b) => (
          <Text size="sm" c="dimmed">
            {formatDate(b.date)}
          </Text>
        ),
      },
      {
        key: 'state',
        nowrap: true,
        header: t('bookingLifecycle.state'),
        render: (b) => <BookingStateBadge state={b.state} />,
      },
      {
        key: 'payment',
        header: t('orders.payment'),
        action: true,
        render: (b) => {
          const state = paymentState(b);
          if (state === 'closed')
            return (
              <Text span size="sm" c="dimmed" aria-label={t('bookingLifecycle.noActions')}>
                —
              </Text>
            );
          if (state === 'paid')
            return (
              <Badge miw="max-content" color="teal.9" variant="filled">
                {t('orders.paid')}
              </Badge>
            );
          if (state === 'sold')
            return (
              <Badge miw="max-content" color="gray" variant="light" title={t('orders.soldToOtherTitle')}>
                {t('orders.soldToOther')}
              </Badge>
            );
          return (
            <Button
              size="xs"
              aria-label={t('orders.payFor', { name: b.productName })}
              loading={pending === b.productId}
              onClick={() =>
                requestPayment({
                  _id: b.productId,
                  productName: b.productName,
                  price: b.price,
                  image: b.image,
                })
              }
            >
              {t('orders.pay')}
            </Button>
          );
        },
      },
      {
        key: 'actions',
        header: t('bookingLifecycle.actions'),
        action: true,
        render: (b) => <BookingActions bookingId={b._id} productName={b.productName} actions={b.actions} />,
      },
    ],
    [requestPayment, pending, t],
  );

  return (
    <>
      <PageHeader title={t('orders.title')} description={t('orders.description')} />
      <PaidOrdersSection
        side="buyer"
        extraActions={(order) =>
          order.actions.includes('dispute') && (
            <Button
              size="xs"
              // The theme darkens orange's light text to 4.5:1 (host/src/app/theme.ts).
              color="orange"
              variant="light"
              aria-label={t('orderFunds.movesFor.dispute', { name: order.productName })}
              onClick={() => setReporting(order)}
            >
              {t('orderFunds.moves.dispute')}
            </Button>
          )
        }
      />
      {reporting && (
        <Suspense fallback={null}>
          <ReportProblemDialog order={reporting} onClose={() => setReporting(null)} />
        </Suspense>
      )}
      {/* The filter is the bookings' own: it sits with their heading, below the paid orders. */}
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <Title order={2} fz="lg">
          {t('orders.bookingsHeading')}
        </Title>
        <ListFilter
          label={t('orders.filter')}
          name="paid"
          list={list}
          options={[
            { value: ALL, label: t('common.all') },
            { value: 'false', label: t('orders.toPay') },
            { value: 'true', label: t('orders.paid') },
          ]}
        />
      </Group>
      <DataTable
        label={t('orders.table')}
        columns={columns}
        query={orders}
        list={list}
        rowKey={(b) => b._id}
        searchPlaceholder={t('orders.search')}
        emptyAction={
          <Button component={Link} to="/category/products/04">
            {t('orders.browse')}
          </Button>
        }
        numbered
        emptyTitle={
          list.params.filters.paid !== ALL
            ? t('orders.emptyFiltered')
            : hasPaidOrders
              ? t('orders.emptyBookings')
              : t('orders.empty')
        }
        emptyDescription={t('orders.emptyText')}
      />
    </>
  );
}
