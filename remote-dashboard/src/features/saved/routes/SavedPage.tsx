import { useMemo } from 'react';
import { Anchor, Badge, Button, Group, Image, Text } from '@mantine/core';
import { Link } from 'react-router';
import { toast, useAuthStore } from 'runtime-kernel';
import type { SavedListing } from 'shared-contracts/saved';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { PageHeader } from '@/shared/components/PageHeader';
import { StatusBadge } from '@/shared/components/StatusBadge';
import { useListParams } from '@/shared/hooks/use-list-params';
import { errorMessage } from '@/shared/lib/error-message';
import { useT } from '@/shared/i18n';
import { formatDate, formatPrice } from 'web-kit/format';
import { SAVED_LIST, useSaved } from '../api/get-saved';
import { useRemoveSaved } from '../api/remove-saved';

/**
 * Saved laptops (docs/product.md#saved-laptops): what the user saved with the hearts, each with
 * its price and status now, a link to its page, and Remove. A listing removed since stays here,
 * marked, until the user removes it.
 */
export default function SavedPage() {
  const t = useT();
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const list = useListParams(SAVED_LIST);
  const saved = useSaved(uid, list.params);
  const remove = useRemoveSaved();
  const removing = remove.isPending ? remove.variables : null;
  const startRemove = remove.mutate;

  const columns = useMemo<Column<SavedListing>[]>(
    () => [
      {
        key: 'productName',
        header: t('saved.laptop'),
        render: (s) => (
          <Group gap="sm" wrap="nowrap">
            <Image src={s.image} alt="" w={40} h={40} radius="sm" fit="cover" style={{ flexShrink: 0 }} />
            {s.listed ? (
              // The details page belongs to the catalogue: a plain link, not its code (ADR 0003).
              <Anchor component={Link} to={`/details/${s.productId}`} size="sm" fw={500}>
                {s.productName}
              </Anchor>
            ) : (
              <Text size="sm" fw={500} c="dimmed">
                {s.productName}
              </Text>
            )}
          </Group>
        ),
      },
      {
        key: 'price',
        nowrap: true,
        header: t('saved.price'),
        render: (s) => formatPrice(s.price),
      },
      {
        key: 'status',
        nowrap: true,
        header: t('saved.status'),
        render: (s) =>
          s.listed ? (
            <StatusBadge status={s.status} />
          ) : (
            <Badge miw="max-content" color="gray" variant="outline">
              {t('saved.removed')}
            </Badge>
          ),
      },
      {
        key: 'savedAt',
        nowrap: true,
        header: t('saved.savedOn'),
        render: (s) => (
          <Text size="sm" c="dimmed">
            {formatDate(s.savedAt)}
          </Text>
        ),
      },
      {
        key: 'remove',
        header: t('saved.action'),
        action: true,
        render: (s) => (
          <Button
            size="xs"
            color="red"
            variant="light"
            aria-label={t('saved.removeFor', { name: s.productName })}
            loading={removing === s.productId}
            onClick={() =>
              startRemove(s.productId, {
                onSuccess: () => toast.success(t('saved.removedToast')),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            {t('saved.remove')}
          </Button>
        ),
      },
    ],
    [startRemove, removing, t],
  );

  return (
    <>
      <PageHeader title={t('menu.pages.saved')} description={t('saved.description')} />
      <DataTable
        label={t('saved.table')}
        columns={columns}
        query={saved}
        list={list}
        rowKey={(s) => s.productId}
        numbered
        emptyTitle={t('saved.empty')}
        emptyDescription={t('saved.emptyText')}
        emptyAction={
          <Button component={Link} to="/search">
            {t('saved.browse')}
          </Button>
        }
      />
    </>
  );
}
