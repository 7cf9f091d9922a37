import { useMemo, useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { toast } from 'runtime-kernel';
import type { Report, ReportStatus } from 'shared-contracts/reports';
import { ConfirmDialog } from '@/shared/components/ConfirmDialog';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { PageHeader } from '@/shared/components/PageHeader';
import { formatDate } from 'web-kit/format';
import { errorMessage } from '@/shared/lib/error-message';
import { REPORTS_LIST, useReports } from '../api/get-reports';
import { ListFilter } from '@/shared/components/ListFilter';
import { useListParams } from '@/shared/hooks/use-list-params';
import { ALL } from '@/shared/lib/list-params';
import { useResolveReport } from '../api/resolve-report';
import { useT } from '@/shared/i18n';

const STATUS_COLORS: Record<ReportStatus, string> = { open: 'orange', dismissed: 'gray', removed: 'red' };

/** Admin: listings buyers reported, to remove the listing or dismiss the report. */
export default function ReportedItemsPage() {
  const t = useT();
  const list = useListParams(REPORTS_LIST);
  // 'all' or one of the statuses: the list spec accepts no other value from the URL.
  const filter = list.params.filters.status as ReportStatus | typeof ALL;
  const reports = useReports(list.params);
  const resolve = useResolveReport();
  const [removing, setRemoving] = useState<Report | null>(null);

  const filters = useMemo(
    () => [
      { value: 'open', label: t('reports.filters.open') },
      { value: 'dismissed', label: t('reports.filters.dismissed') },
      { value: 'removed', label: t('reports.filters.removed') },
      { value: ALL, label: t('common.all') },
    ],
    [t],
  );

  const columns: Column<Report>[] = [
    {
      // The seller sits under the product, so the reason keeps room to be read.
      key: 'product',
      header: t('reports.product'),
      sortKey: 'productName',
      render: (r) => (
        <>
          {r.status === 'removed' ? (
            <Text size="sm">{r.productName}</Text>
          ) : (
            <Anchor component={Link} to={`/details/${r.productId}`} size="sm">
              {r.productName}
            </Anchor>
          )}
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('reports.bySeller', { email: r.sellerEmail })}
          </Text>
          {r.conversationId && (
            <Anchor component={Link} to={`/dashboard/messages/${r.conversationId}`} size="xs">
              {t('conversations.reportedConversation')}
            </Anchor>
          )}
        </>
      ),
    },
    {
      key: 'reporter',
      header: t('reports.reporter'),
      render: (r) => r.reporterEmail,
    },
    {
      key: 'reason',
      header: t('reports.reason'),
      render: (r) => (
        <Text size="sm" maw={320} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {r.reason}
        </Text>
      ),
    },
    {
      key: 'date',
      nowrap: true,
      header: t('reports.date'),
      sortKey: 'createdAt',
      render: (r) => formatDate(r.createdAt),
    },
    {
      key: 'status',
      nowrap: true,
      header: t('reports.status'),
      sortKey: 'status',
      render: (r) => (
        <Badge miw="max-content" color={STATUS_COLORS[r.status]} variant="light">
          {t(`reports.statuses.${r.status}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('reports.actions'),
      action: true,
      render: (r) =>
        r.status === 'open' ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              color="red"
              variant="light"
              aria-label={t('reports.removeListingOf', { name: r.productName })}
              onClick={() => setRemoving(r)}
            >
              {t('reports.removeListing')}
            </Button>
            <Button
              size="xs"
              variant="default"
              aria-label={t('reports.dismissReportOn', { name: r.productName })}
              loading={
                resolve.isPending && resolve.variables.id === r._id && resolve.variables.action === 'dismiss'
              }
              onClick={() => dismiss(r)}
            >
              {t('reports.dismiss')}
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {r.resolvedAt
              ? t('reports.resolvedOn', { date: formatDate(r.resolvedAt) })
              : t('reports.resolved')}
          </Text>
        ),
    },
  ];

  function dismiss(report: Report) {
    resolve.mutate(
      { id: report._id, action: 'dismiss' },
      {
        onSuccess: () => toast.success(t('reports.reportDismissed')),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  const removeListing = () => {
    if (!removing) return;
    resolve.mutate(
      { id: removing._id, action: 'remove-listing' },
      {
        onSuccess: () => {
          toast.success(t('reports.listingRemoved'));
          setRemoving(null);
        },
        onError: (error) => {
          toast.error(errorMessage(error));
          setRemoving(null);
        },
      },
    );
  };

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('reports.title')}
        description={t('reports.description')}
        action={<ListFilter label={t('reports.filter')} name="status" list={list} options={filters} />}
      />
      <DataTable
        label={t('reports.table')}
        columns={columns}
        query={reports}
        list={list}
        rowKey={(r) => r._id}
        searchPlaceholder={t('reports.search')}
        numbered
        emptyTitle={filter === ALL ? t('reports.emptyAll') : t(`reports.empty.${filter}`)}
        emptyDescription={t('reports.emptyText')}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={t('reports.confirmTitle')}
        message={removing ? t('reports.confirmMessage', { name: removing.productName }) : null}
        confirmLabel={t('reports.removeListing')}
        busy={resolve.isPending && resolve.variables.action === 'remove-listing'}
        onConfirm={removeListing}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
