import { Anchor, Badge, Text } from '@mantine/core';
import { useAuthStore } from 'shared-auth';
import type { MyBuyer } from 'shared-contracts/bookings';
import { DataTable, type Column } from '../../../shared/components/DataTable';
import { PageHeader } from '../../../shared/components/PageHeader';
import { formatDate, formatPrice } from '../../../shared/lib/format';
import { useMyBuyers } from '../api/get-my-buyers';

const dash = (value: string | null) =>
  value ? (
    value
  ) : (
    <Text span c="dimmed" size="sm" aria-label="not given">
      —
    </Text>
  );

const COLUMNS: Column<MyBuyer>[] = [
  { key: 'productName', header: 'Product', sortValue: (b) => b.productName, render: (b) => b.productName },
  {
    // Name and e-mail share a cell so the table fits beside the drawer without scrolling.
    key: 'name',
    header: 'Name / E-mail',
    sortValue: (b) => b.name,
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
  { key: 'place', header: 'Meeting place', sortValue: (b) => b.place ?? '', render: (b) => dash(b.place) },
  {
    key: 'price',
    nowrap: true,
    header: 'Price',
    sortValue: (b) => b.price,
    render: (b) => formatPrice(b.price),
  },
  {
    key: 'paid',
    nowrap: true,
    header: 'Paid',
    sortValue: (b) => (b.paid ? 1 : 0),
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
  { key: 'date', nowrap: true, header: 'Date', sortValue: (b) => b.date, render: (b) => formatDate(b.date) },
];

/** Seller: who booked or bought my products (the page the spec's menu linked to but never built). */
export default function MyBuyersPage() {
  const email = useAuthStore((s) => s.user?.email ?? '');
  const buyers = useMyBuyers(email);
  return (
    <>
      <PageHeader title="My Buyers" description="People who booked or paid for your products." />
      <DataTable
        label="My buyers"
        columns={COLUMNS}
        query={buyers}
        rowKey={(b) => `${b.kind}-${b._id}`}
        searchText={(b) => `${b.productName} ${b.name} ${b.email}`}
        numbered
        initialSort={{ key: 'date', direction: 'descending' }}
        emptyTitle="Nobody has booked your products yet"
        emptyDescription="When a buyer books or pays for one of your products, they appear here."
      />
    </>
  );
}
