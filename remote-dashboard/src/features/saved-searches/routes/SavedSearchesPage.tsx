import { useMemo, useState } from 'react';
import { Anchor, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { toast, useAuthStore } from 'runtime-kernel';
import type { SavedSearch } from 'shared-contracts/saved-searches';
import { useCategories } from 'web-kit/api/categories';
import { formatDate } from 'web-kit/format';
import { ConfirmDialog } from '@/shared/components/ConfirmDialog';
import { DataTable, type Column, type TableQuery } from '@/shared/components/DataTable';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListParams } from '@/shared/hooks/use-list-params';
import { errorMessage } from '@/shared/lib/error-message';
import { useT } from '../i18n';
import { describeSearch } from '../lib/describe-search';
import { SAVED_SEARCHES_LIST, useSavedSearches } from '../api/get-saved-searches';
import { useDeleteSavedSearch } from '../api/delete-saved-search';

type Row = SavedSearch & { text: string };

/**
 * Buyer: the searches saved with "Save this search" (docs/product.md#saved-searches), paged and
 * searched on the server. Each row says the search in words, runs it on the search page (a plain
 * link: the search page is the catalogue's, ADR 0003) and deletes it after confirming.
 */
export default function SavedSearchesPage() {
  const t = useT();
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const list = useListParams(SAVED_SEARCHES_LIST);
  const searches = useSavedSearches(uid, list.params);
  const categories = useCategories();
  const remove = useDeleteSavedSearch();
  const [toRemove, setToRemove] = useState<Row | null>(null);

  // The rows carry their text, so the link, the labels and the dialog say the same words.
  const brandName = useMemo(() => {
    const names = new Map((categories.data ?? []).map((c) => [c._id, c.name]));
    return (id: string) => names.get(id);
  }, [categories.data]);
  const rows = useMemo(
    () =>
      searches.data && {
        ...searches.data,
        rows: searches.data.rows.map((s) => ({ ...s, text: describeSearch(s.query, t, brandName) })),
      },
    [searches.data, t, brandName],
  );
  const rowsQuery: TableQuery<Row> = { ...searches, data: rows };

  const columns = useMemo<Column<Row>[]>(
    () => [
      {
        key: 'search',
        header: t('savedSearches.searchColumn'),
        render: (s) => (
          <Anchor
            component={Link}
            to={`/search?${s.query}`}
            size="sm"
            fw={500}
            aria-label={t('savedSearches.runFor', { search: s.text })}
          >
            {s.text}
          </Anchor>
        ),
      },
      {
        key: 'createdAt',
        header: t('savedSearches.savedOn'),
        nowrap: true,
        sortKey: 'createdAt',
        render: (s) => (
          <Text size="sm" c="dimmed">
            <time dateTime={s.createdAt}>{formatDate(s.createdAt)}</time>
          </Text>
        ),
      },
      {
        key: 'actions',
        header: t('savedSearches.actions'),
        action: true,
        render: (s) => (
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            onClick={() => setToRemove(s)}
            aria-label={t('savedSearches.removeFor', { search: s.text })}
          >
            {t('savedSearches.remove')}
          </Button>
        ),
      },
    ],
    [t],
  );

  const confirmRemove = () => {
    if (!toRemove) return;
    remove.mutate(toRemove._id, {
      onSuccess: () => toast.success(t('savedSearches.removed')),
      onError: (failure) => toast.error(errorMessage(failure)),
      onSettled: () => setToRemove(null),
    });
  };

  return (
    <>
      <PageHeader title={t('savedSearches.title')} description={t('savedSearches.description')} />
      <DataTable
        label={t('savedSearches.table')}
        columns={columns}
        query={rowsQuery}
        list={list}
        rowKey={(s) => s._id}
        searchPlaceholder={t('savedSearches.search')}
        emptyTitle={t('savedSearches.empty')}
        emptyDescription={t('savedSearches.emptyText')}
        emptyAction={
          <Button component={Link} to="/search">
            {t('savedSearches.browse')}
          </Button>
        }
      />
      <ConfirmDialog
        opened={toRemove !== null}
        title={t('savedSearches.confirmTitle')}
        message={t('savedSearches.confirmText', { search: toRemove?.text ?? '' })}
        confirmLabel={t('savedSearches.remove')}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setToRemove(null)}
      />
    </>
  );
}
