import { useMemo } from 'react';
import { Anchor, Badge, Group, Text, Title } from '@mantine/core';
import { useAuthStore } from 'runtime-kernel';
import type { MyBuyer } from 'shared-contracts/bookings';
import { BookingActions } from '@/shared/components/BookingActions';
import { BookingStateBadge } from '@/shared/components/BookingStateBadge';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { PageHeader } from '@/shared/components/PageHeader';
import { PaidOrdersSection } from '@/shared/components/PaidOrdersSection';
import { formatDate, formatPrice } from 'web-kit/format';
import { MY_BUYERS_LIST, useMyBuyers } from '../api/get-my-buyers';
import { ListFilter } from '@/shared/components/ListFilter';
import { useListParams } from '@/shared/hooks/use-list-params';
import { ALL } from '@/shared/lib/list-params';
import { useT, type Translate } from '@/shared/i18n';

const dash = (value: string | null, t: Translate) =>
  value ? (
    value
  ) : (
    <Text span c="dimmed" size="sm" aria-label={t('buyers.notGiven')}>
      —
    </Text>
  );

const columns = (t: Translate): Column<MyBuyer>[] => [
  { key: 'productName', header: t('buyers.product'), sortKey: 'productName', render: (b) => b.productName },
  {
    // Name and e-mail share a cell so the table fits beside the drawer without scrolling.
    key: 'name',
    header: t('buyers.nameEmail'),
    sortKey: 'name',
    render: (b) => (
      <>
        <Text size="sm">{b.name}</Text>
        <Anchor href={`mailto:${b.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {b.email}
        </Anchor>
      </>
    ),
  },
  { key: 'phone', nowrap: true, header: t('buyers.phone'), render: (b) => dash(b.phone, t) },
  { key: 'place', header: t('buyers.place'), render: (b) => dash(b.place, t) },
  {
    key: 'price',
    nowrap: true,
    header: t('buyers.price'),
    sortKey: 'price',
    render: (b) => formatPrice(b.price),
  },
  {
    key: 'paid',
    nowrap: true,
    header: t('buyers.paid'),
    render: (b) =>
      b.paid ? (
        <Badge miw="max-content" color="teal.9">
          {t('buyers.paid')}
        </Badge>
      ) : (
        <Badge miw="max-content" color="gray" variant="light">
          {t('buyers.notPaid')}
        </Badge>
      ),
  },
  { key: 'date', nowrap: true, header: t('buyers.date'), sortKey: 'date', render: (b) => formatDate(b.date) },
  {
    key: 'state',
    nowrap: true,
    header: t('bookingLifecycle.state'),
    render: (b) => <BookingStateBadge state={b.state} />,
  },
  {
    // A payment row is a sale: nothing to answer. A booking offers the seller's moves.
    key: 'actions',
    header: t('bookingLifecycle.actions'),
    action: true,
    render: (b) => (
      <BookingActions bookingId={b._id} productName={b.productName} buyerName={b.name} actions={b.actions} />
    ),
  },
];

/**
 * Seller: who booked or bought my products (the page the original menu linked to but never built):
 * the sales paid online, where their money is and the seller's moves on them (mark handed over,
 * cancel and refund), then each booking's state and the seller's moves on it: accept or decline a
 * request, mark an accepted one handed over or cancel it.
 */
export default function MyBuyersPage() {
  const t = useT();
  const tableColumns = useMemo(() => columns(t), [t]);
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const list = useListParams(MY_BUYERS_LIST);
  const buyers = useMyBuyers(uid, list.params);
  return (
    <>
      <PageHeader title={t('buyers.title')} description={t('buyers.description')} />
      <PaidOrdersSection side="seller" />
      {/* The filter is the list's own: it sits with its heading, below the paid orders. */}
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <Title order={2} fz="lg">
          {t('buyers.listHeading')}
        </Title>
        <ListFilter
          label={t('buyers.filter')}
          name="kind"
          list={list}
          options={[
            { value: ALL, label: t('common.all') },
            { value: 'booking', label: t('buyers.bookings') },
            { value: 'payment', label: t('buyers.payments') },
          ]}
        />
      </Group>
      <DataTable
        label={t('buyers.table')}
        columns={tableColumns}
        query={buyers}
        list={list}
        rowKey={(b) => `${b.kind}-${b._id}`}
        searchPlaceholder={t('buyers.search')}
        numbered
        emptyTitle={t('buyers.empty')}
        emptyDescription={t('buyers.emptyText')}
      />
    </>
  );
}
