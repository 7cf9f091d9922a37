import { lazy, Suspense, useMemo, useState } from 'react';
import { Anchor, Badge, Button, Group, Image, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import { toast, useAuthStore } from 'runtime-kernel';
import type { MyProduct, Product } from 'shared-contracts/products';
import { listingAllows, SalesStatuses, type SalesStatus } from 'shared-contracts/sales-status';
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
import { useUpdateProduct } from '../api/update-product';
import { EditPriceDialog } from '../components/EditPriceDialog';
import { MY_PRODUCTS_LIST, useMyProducts } from '../api/get-my-products';
import { ListFilter } from '@/shared/components/ListFilter';
import { useListParams } from '@/shared/hooks/use-list-params';
import { ALL } from '@/shared/lib/list-params';
import { dashboardHref } from '@/shared/lib/dashboard-pages';
import { useT, type Translate } from '@/shared/i18n';

// The Verify device button and its dialog come with their own texts, outside the dashboard's first load.
const VerifyCell = lazy(() => import('@/features/verifications/components/VerifyCell'));
const VerifyDeviceDialog = lazy(() => import('@/features/verifications/components/VerifyDeviceDialog'));

const canEditPrice = (p: Product) => listingAllows(p.status, 'edit-price');
const completeSpecsHref = (id: string) =>
  dashboardHref('completeSpecs').replace(':id', encodeURIComponent(id));
const canAdvertise = (p: Product) => listingAllows(p.status, 'advertise');

/** The empty table's title: none at all, or none with the chosen status (the list spec allows only these). */
function emptyTitle(status: string | undefined, t: Translate): string {
  if ((SalesStatuses as readonly string[]).includes(status ?? ''))
    return t(`products.list.emptyFiltered.${status as SalesStatus}`);
  return t('products.list.empty');
}

/** Seller: My Products (docs/product.md#dashboard) with the real sales status, delete with confirmation, and Advertise. */
export default function MyProductsPage() {
  const t = useT();
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const list = useListParams(MY_PRODUCTS_LIST);
  const products = useMyProducts(uid, list.params);
  const remove = useDeleteProduct();
  const advertise = useAdvertiseProduct();
  const { ask: askToDelete, dialogProps: deleteDialog } = useConfirmedDelete<Product>(remove);
  const advertising = advertise.isPending ? advertise.variables : null;
  const startAdvertise = advertise.mutate;
  const update = useUpdateProduct();
  const updateListing = update.mutate;
  // The row whose contact switch is being saved: it shows the new state until the list refetches.
  const switching = update.isPending && update.variables.showContact !== undefined ? update.variables : null;
  const [editing, setEditing] = useState<Product | null>(null);
  const [verifying, setVerifying] = useState<Product | null>(null);

  const columns = useMemo<Column<MyProduct>[]>(
    () => [
      {
        key: 'productName',
        header: t('products.list.productName'),
        sortKey: 'name',
        render: (p) => (
          <Group gap="sm" wrap="nowrap">
            <Image src={p.image} alt="" w={40} h={40} radius="sm" fit="cover" style={{ flexShrink: 0 }} />
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                {p.productName}
              </Text>
              {/* Held or refused by the operators (docs/product.md#moderation): no one else sees it yet. */}
              {p.reviewState === 'pending' && (
                <Badge color="gray" variant="light" miw="max-content">
                  {t('products.review.pending')}
                </Badge>
              )}
              {p.reviewState === 'refused' && (
                <Text size="xs" c="red.8">
                  {t('products.review.refused', { reason: p.refusalReason ?? '' })}
                </Text>
              )}
              {/* Posted without specs (docs/product.md#laptop-specs): buyers see them as unconfirmed. */}
              {!p.specsConfirmed && (
                // Wraps: on a phone the name column is narrow, and the link goes under the badge.
                <Group gap={6} wrap="wrap">
                  <Badge color="yellow" variant="light" miw="max-content">
                    {t('products.completeSpecs.badge')}
                  </Badge>
                  <Anchor
                    component={Link}
                    to={completeSpecsHref(p._id)}
                    size="xs"
                    aria-label={t('products.completeSpecs.linkFor', { name: p.productName })}
                  >
                    {t('products.completeSpecs.link')}
                  </Anchor>
                </Group>
              )}
            </Stack>
          </Group>
        ),
      },
      {
        key: 'price',
        nowrap: true,
        header: t('products.list.price'),
        sortKey: 'price',
        render: (p) => formatPrice(p.price),
      },
      {
        key: 'status',
        nowrap: true,
        header: t('products.list.salesStatus'),
        sortKey: 'status',
        render: (p) => (
          <Group gap={6}>
            <StatusBadge status={p.status} />
            {p.advertised && (
              <Badge miw="max-content" color="blue.9" variant="outline">
                {t('products.list.advertised')}
              </Badge>
            )}
          </Group>
        ),
      },
      {
        key: 'showContact',
        header: t('listingSettings.showContact'),
        render: (p) => {
          const checked = switching?.id === p._id ? !!switching.showContact : p.showContact;
          return (
            <Switch
              checked={checked}
              disabled={switching?.id === p._id}
              aria-label={t('listingSettings.showContactFor', { name: p.productName })}
              title={checked ? t('listingSettings.contactShown') : t('listingSettings.contactHidden')}
              onChange={(event) =>
                updateListing(
                  { id: p._id, showContact: event.currentTarget.checked },
                  {
                    onSuccess: (result) =>
                      toast.success(
                        result.showContact
                          ? t('listingSettings.contactShown')
                          : t('listingSettings.contactHidden'),
                      ),
                    onError: (error) => toast.error(errorMessage(error)),
                  },
                )
              }
            />
          );
        },
      },
      {
        key: 'editPrice',
        header: t('listingSettings.editColumn'),
        action: true,
        render: (p) => (
          <Button
            size="xs"
            variant="default"
            aria-label={t('listingSettings.editPriceFor', { name: p.productName })}
            disabled={!canEditPrice(p)}
            title={canEditPrice(p) ? undefined : t('listingSettings.soldPriceLocked')}
            onClick={() => setEditing(p)}
          >
            {t('listingSettings.editPrice')}
          </Button>
        ),
      },
      buttonColumn<Product>({
        key: 'action',
        header: t('products.list.action'),
        text: t('common.delete'),
        label: (p) => t('products.list.deleteFor', { name: p.productName }),
        onClick: askToDelete,
      }),
      {
        // Verified devices (docs/product.md#verified-devices): a verified listing shows its badge here.
        key: 'verify',
        header: t('products.list.verifyColumn'),
        action: true,
        render: (p) => (
          <Suspense fallback={null}>
            <VerifyCell product={p} onOpen={setVerifying} />
          </Suspense>
        ),
      },
      {
        key: 'advertise',
        header: t('products.list.advertise'),
        action: true,
        render: (p) => (
          <Button
            size="xs"
            variant="light"
            aria-label={t('products.list.advertiseFor', { name: p.productName })}
            disabled={!canAdvertise(p)}
            title={canAdvertise(p) ? undefined : t('products.list.soldCannotAdvertise')}
            loading={advertising === p._id}
            onClick={() =>
              startAdvertise(p._id, {
                // docs/product.md#dashboard: acknowledged false means it was advertised before.
                onSuccess: (result) =>
                  result.acknowledged
                    ? toast.success(t('products.list.advertisedToast'))
                    : toast.error(t('products.list.alreadyAdvertised')),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            {t('products.list.advertise')}
          </Button>
        ),
      },
    ],
    [startAdvertise, advertising, askToDelete, updateListing, switching, t],
  );

  return (
    <>
      <PageHeader
        title={t('menu.pages.myProducts')}
        action={
          <Group gap="sm">
            <ListFilter
              label={t('products.list.filter')}
              name="status"
              list={list}
              options={[
                { value: ALL, label: t('common.all') },
                { value: 'available', label: t('products.list.available') },
                { value: 'booked', label: t('products.list.booked') },
                { value: 'sold', label: t('products.list.sold') },
              ]}
            />
            <Button component={Link} to="/dashboard/add-products" variant="light">
              {t('products.list.add')}
            </Button>
          </Group>
        }
      />
      <DataTable
        label={t('products.list.table')}
        columns={columns}
        query={products}
        list={list}
        rowKey={(p) => p._id}
        searchPlaceholder={t('products.list.search')}
        emptyAction={
          <Button component={Link} to="/dashboard/add-products">
            {t('products.list.add')}
          </Button>
        }
        numbered
        emptyTitle={emptyTitle(list.params.filters.status, t)}
        emptyDescription={t('products.list.emptyText')}
      />
      <ConfirmDeleteDialog {...deleteDialog} />
      {/* Keyed by the product: the field starts at that listing's price each time. */}
      <EditPriceDialog key={editing?._id ?? 'none'} product={editing} onClose={() => setEditing(null)} />
      {verifying && (
        <Suspense fallback={null}>
          <VerifyDeviceDialog key={verifying._id} product={verifying} onClose={() => setVerifying(null)} />
        </Suspense>
      )}
    </>
  );
}
