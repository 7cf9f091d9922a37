import { Anchor, Badge, Text } from '@mantine/core';
import { useAuthStore } from 'shared-auth';
import type { MyBuyer } from 'shared-contracts/bookings';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { PageHeader } from '@/shared/components/PageHeader';
import { formatDate, formatPrice } from 'web-kit/format';
import { MY_BUYERS_LIST, useMyBuyers } from '../api/get-my-buyers';
import { ListFilter } from '@/shared/components/ListFilter';
import { useListParams } from '@/shared/hooks/use-list-params';
import { ALL } from '@/shared/lib/list-params';

const dash = (value: string | null) =>
  value ? (
    value
  ) : (
    <Text span c="dimmed" size="sm" aria-label="not given">
      —
    </Text>
  );

const COLUMNS: Column<MyBuyer>[] = [
  { key: 'productName', header: 'Product', sortKey: 'productName', render: (b) => b.productName },
  {
    // Name and e-mail share a cell so the table fits beside the drawer without scrolling.
    key: 'name',
    header: 'Name / E-mail',
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
  { key: 'phone', nowrap: true, header: 'Phone', render: (b) => dash(b.phone) },
  { key: 'place', header: 'Meeting place', render: (b) => dash(b.place) },
  {
    key: 'price',
    nowrap: true,
    header: 'Price',
    sortKey: 'price',
    render: (b) => formatPrice(b.price),
  },
  {
    key: 'paid',
    nowrap: true,
    header: 'Paid',
    render: (b) =>
      b.paid ? (
        <Badge miw="max-content" color="teal.9">
          Paid
        </Badge>
      ) : (
        <Badge miw="max-content" color="gray" variant="light">
          Not paid
        </Badge>
      ),
  },
  { key: 'date', nowrap: true, header: 'Date', sortKey: 'date', render: (b) => formatDate(b.date) },
];

/** Seller: who booked or bought my products (the page the spec's menu linked to but never built). */
export default function MyBuyersPage() {
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const list = useListParams(MY_BUYERS_LIST);
  const buyers = useMyBuyers(uid, list.params);
  return (
    <>
      <PageHeader
        title="My Buyers"
        description="People who booked or paid for your products."
        action={
          <ListFilter
            label="Which buyers"
            name="kind"
            list={list}
            options={[
              { value: ALL, label: 'All' },
              { value: 'booking', label: 'Bookings' },
              { value: 'payment', label: 'Payments' },
            ]}
          />
        }
      />
      <DataTable
        label="My buyers"
        columns={COLUMNS}
        query={buyers}
        list={list}
        rowKey={(b) => `${b.kind}-${b._id}`}
        searchPlaceholder="Buyer, e-mail or product"
        numbered
        emptyTitle="Nobody has booked your products yet"
        emptyDescription="When a buyer books or pays for one of your products, they appear here."
      />
    </>
  );
}
