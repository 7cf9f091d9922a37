import { useMemo } from 'react';
import { Badge, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAuthStore, useCheckoutIntents } from 'shared-auth';
import type { Booking } from 'shared-contracts/bookings';
import { DataTable, type Column } from '../../../shared/components/DataTable';
import { PageHeader } from '../../../shared/components/PageHeader';
import { formatDate, formatPrice } from '../../../shared/lib/format';
import { useMyOrders } from '../api/get-my-orders';

/** What can be done with a booking: pay it, or nothing because it is paid or someone else bought it. */
export function paymentState(booking: Booking): 'paid' | 'payable' | 'sold' {
  if (booking.paid) return 'paid';
  return booking.status === 'sold' ? 'sold' : 'payable';
}

/** Buyer: My Orders (SPEC §2) with Pay on unpaid bookings (checkout takes over) and a Paid badge. */
export default function MyOrdersPage() {
  const email = useAuthStore((s) => s.user?.email ?? '');
  const orders = useMyOrders(email);
  const requestPayment = useCheckoutIntents((s) => s.requestPayment);
  const pending = useCheckoutIntents((s) => (s.intent?.kind === 'pay' ? s.intent.product._id : null));

  const columns = useMemo<Column<Booking>[]>(
    () => [
      {
        key: 'productName',
        header: 'Product Name',
        sortValue: (b) => b.productName,
        render: (b) => b.productName,
      },
      { key: 'name', header: 'Name', sortValue: (b) => b.name, render: (b) => b.name },
      { key: 'phone', nowrap: true, header: 'Phone No', render: (b) => b.phone },
      { key: 'place', header: 'Place', sortValue: (b) => b.place, render: (b) => b.place },
      {
        key: 'price',
        nowrap: true,
        header: 'Price',
        sortValue: (b) => b.price,
        render: (b) => formatPrice(b.price),
      },
      {
        key: 'date',
        nowrap: true,
        header: 'Booked',
        sortValue: (b) => b.date,
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
      <PageHeader title="My Orders" description="Products you booked. Pay online to secure one." />
      <DataTable
        label="My orders"
        columns={columns}
        query={orders}
        rowKey={(b) => b._id}
        searchText={(b) => `${b.productName} ${b.place}`}
        emptyAction={
          <Button component={Link} to="/category/products/04">
            Browse laptops
          </Button>
        }
        numbered
        emptyTitle="You have no orders yet"
        emptyDescription="Book a laptop from the catalog and it shows up here."
      />
    </>
  );
}
