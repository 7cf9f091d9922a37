import { useMemo } from 'react';
import { Badge, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAuthStore, useCheckoutIntents } from 'shared-auth';
import type { Booking } from 'shared-contracts/bookings';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { PageHeader } from '@/shared/components/PageHeader';
import { formatDate, formatPrice } from 'web-kit/format';
import { MY_ORDERS_LIST, useMyOrders } from '../api/get-my-orders';
import { ListFilter } from '@/shared/components/ListFilter';
import { useListParams } from '@/shared/hooks/use-list-params';
import { ALL } from '@/shared/lib/list-params';

/** What can be done with a booking: pay it, or nothing because it is paid or someone else bought it. */
export function paymentState(booking: Booking): 'paid' | 'payable' | 'sold' {
  if (booking.paid) return 'paid';
  return booking.status === 'sold' ? 'sold' : 'payable';
}

/** Buyer: My Orders (docs/product.md#dashboard) with Pay on unpaid bookings (checkout takes over) and a Paid badge. */
export default function MyOrdersPage() {
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const list = useListParams(MY_ORDERS_LIST);
  const orders = useMyOrders(uid, list.params);
  const requestPayment = useCheckoutIntents((s) => s.requestPayment);
  const pending = useCheckoutIntents((s) => (s.intent?.kind === 'pay' ? s.intent.product._id : null));

  const columns = useMemo<Column<Booking>[]>(
    () => [
      {
        key: 'productName',
        header: 'Product Name',
        sortKey: 'productName',
        render: (b) => b.productName,
      },
      { key: 'name', header: 'Name', render: (b) => b.name },
      { key: 'phone', nowrap: true, header: 'Phone No', render: (b) => b.phone },
      { key: 'place', header: 'Place', render: (b) => b.place },
      {
        key: 'price',
        nowrap: true,
        header: 'Price',
        sortKey: 'price',
        render: (b) => formatPrice(b.price),
      },
      {
        key: 'date',
        nowrap: true,
        header: 'Booked',
        sortKey: 'date',
        render: (b) => (
          <Text size="sm" c="dimmed">
            {formatDate(b.date)}
          </Text>
        ),
      },
      {
        key: 'payment',
        header: 'Payment',
        action: true,
        render: (b) => {
          const state = paymentState(b);
          if (state === 'paid')
            return (
              <Badge miw="max-content" color="teal.9" variant="filled">
                Paid
              </Badge>
            );
          if (state === 'sold')
            return (
              <Badge
                miw="max-content"
                color="gray"
                variant="light"
                title="Another buyer paid for this product first"
              >
                Sold to someone else
              </Badge>
            );
          return (
            <Button
              size="xs"
              aria-label={`Pay for ${b.productName}`}
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
              Pay
            </Button>
          );
        },
      },
    ],
    [requestPayment, pending],
  );

  return (
    <>
      <PageHeader
        title="My Orders"
        description="Products you booked. Pay online to secure one."
        action={
          <ListFilter
            label="Which orders"
            name="paid"
            list={list}
            options={[
              { value: ALL, label: 'All' },
              { value: 'false', label: 'To pay' },
              { value: 'true', label: 'Paid' },
            ]}
          />
        }
      />
      <DataTable
        label="My orders"
        columns={columns}
        query={orders}
        list={list}
        rowKey={(b) => b._id}
        searchPlaceholder="Product name"
        emptyAction={
          <Button component={Link} to="/category/products/04">
            Browse laptops
          </Button>
        }
        numbered
        emptyTitle={list.params.filters.paid === ALL ? 'You have no orders yet' : 'No orders here'}
        emptyDescription="Book a laptop from the catalog and it shows up here."
      />
    </>
  );
}
