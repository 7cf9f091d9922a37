import { useMemo } from 'react';
import { Badge, Button, Group, Image, Text } from '@mantine/core';
import { Link } from 'react-router';
import { toast, useAuthStore } from 'shared-auth';
import type { Product } from 'shared-contracts/products';
import { ConfirmDeleteDialog } from '@/shared/components/ConfirmDialog';
import { buttonColumn } from '@/shared/components/button-column';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { PageHeader } from '@/shared/components/PageHeader';
import { StatusBadge } from '@/shared/components/StatusBadge';
import { useConfirmedDelete } from '@/shared/hooks/use-confirmed-delete';
import { formatPrice } from 'web-kit/format';
import { errorMessage } from '@/shared/lib/error-message';
import { useAdvertiseProduct } from '../api/advertise-product';
import { useDeleteProduct } from '../api/delete-product';
import { MY_PRODUCTS_LIST, useMyProducts } from '../api/get-my-products';
import { ListFilter } from '@/shared/components/ListFilter';
import { useListParams } from '@/shared/hooks/use-list-params';
import { ALL } from '@/shared/lib/list-params';

/** Seller: My Products (docs/product.md#dashboard) with the real sales status, delete with confirmation, and Advertise. */
export default function MyProductsPage() {
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const list = useListParams(MY_PRODUCTS_LIST);
  const products = useMyProducts(uid, list.params);
  const remove = useDeleteProduct();
  const advertise = useAdvertiseProduct();
  const { ask: askToDelete, dialogProps: deleteDialog } = useConfirmedDelete<Product>(remove);
  const advertising = advertise.isPending ? advertise.variables : null;
  const startAdvertise = advertise.mutate;

  const columns = useMemo<Column<Product>[]>(
    () => [
      {
        key: 'productName',
        header: 'Product Name',
        sortKey: 'name',
        render: (p) => (
          <Group gap="sm" wrap="nowrap">
            <Image src={p.image} alt="" w={40} h={40} radius="sm" fit="cover" style={{ flexShrink: 0 }} />
            <Text size="sm" fw={500}>
              {p.productName}
            </Text>
          </Group>
        ),
      },
      {
        key: 'price',
        nowrap: true,
        header: 'Price',
        sortKey: 'price',
        render: (p) => formatPrice(p.price),
      },
      {
        key: 'status',
        nowrap: true,
        header: 'Sales Status',
        sortKey: 'status',
        render: (p) => (
          <Group gap={6}>
            <StatusBadge status={p.status} />
            {p.advertised && (
              <Badge miw="max-content" color="blue.9" variant="outline">
                advertised
              </Badge>
            )}
          </Group>
        ),
      },
      buttonColumn<Product>({
        key: 'action',
        header: 'Action',
        text: 'Delete',
        label: (p) => `Delete ${p.productName}`,
        onClick: askToDelete,
      }),
      {
        key: 'advertise',
        header: 'Advertise',
        action: true,
        render: (p) => (
          <Button
            size="xs"
            variant="light"
            aria-label={`Advertise ${p.productName}`}
            disabled={p.status === 'sold'}
            title={p.status === 'sold' ? 'A sold product cannot be advertised' : undefined}
            loading={advertising === p._id}
            onClick={() =>
              startAdvertise(p._id, {
                // docs/product.md#dashboard: acknowledged false means it was advertised before.
                onSuccess: (result) =>
                  result.acknowledged
                    ? toast.success('Product Advertised')
                    : toast.error('Already Advertised'),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            Advertise
          </Button>
        ),
      },
    ],
    [startAdvertise, advertising, askToDelete],
  );

  return (
    <>
      <PageHeader
        title="My Products"
        action={
          <Group gap="sm">
            <ListFilter
              label="Which products"
              name="status"
              list={list}
              options={[
                { value: ALL, label: 'All' },
                { value: 'available', label: 'Available' },
                { value: 'booked', label: 'Booked' },
                { value: 'sold', label: 'Sold' },
              ]}
            />
            <Button component={Link} to="/dashboard/add-products" variant="light">
              Add a product
            </Button>
          </Group>
        }
      />
      <DataTable
        label="My products"
        columns={columns}
        query={products}
        list={list}
        rowKey={(p) => p._id}
        searchPlaceholder="Product name"
        emptyAction={
          <Button component={Link} to="/dashboard/add-products">
            Add a product
          </Button>
        }
        numbered
        emptyTitle={
          list.params.filters.status === ALL
            ? 'You have no products yet'
            : `No ${list.params.filters.status} products`
        }
        emptyDescription="Products you add appear here, ready to advertise."
      />
      <ConfirmDeleteDialog {...deleteDialog} />
    </>
  );
}
