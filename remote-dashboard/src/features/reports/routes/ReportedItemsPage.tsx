import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { toast } from 'shared-auth';
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

const STATUS_COLORS: Record<ReportStatus, string> = { open: 'orange', dismissed: 'gray', removed: 'red' };
const FILTERS = [
  { value: 'open', label: 'Open' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'removed', label: 'Removed' },
  { value: ALL, label: 'All' },
];

/** Admin: listings buyers reported, to remove the listing or dismiss the report. */
export default function ReportedItemsPage() {
  const list = useListParams(REPORTS_LIST);
  const filter = list.params.filters.status;
  const reports = useReports(list.params);
  const resolve = useResolveReport();
  const [removing, setRemoving] = useState<Report | null>(null);

  const columns: Column<Report>[] = [
    {
      // The seller sits under the product, so the reason keeps room to be read.
      key: 'product',
      header: 'Product',
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
            by {r.sellerEmail}
          </Text>
        </>
      ),
    },
    {
      key: 'reporter',
      header: 'Reporter',
      render: (r) => r.reporterEmail,
    },
    {
      key: 'reason',
      header: 'Reason',
      render: (r) => (
        <Text size="sm" maw={320} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {r.reason}
        </Text>
      ),
    },
    {
      key: 'date',
      nowrap: true,
      header: 'Date',
      sortKey: 'createdAt',
      render: (r) => formatDate(r.createdAt),
    },
    {
      key: 'status',
      nowrap: true,
      header: 'Status',
      sortKey: 'status',
      render: (r) => (
        <Badge miw="max-content" color={STATUS_COLORS[r.status]} variant="light">
          {r.status}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      action: true,
      render: (r) =>
        r.status === 'open' ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              color="red"
              variant="light"
              aria-label={`Remove listing ${r.productName}`}
              onClick={() => setRemoving(r)}
            >
              Remove listing
            </Button>
            <Button
              size="xs"
              variant="default"
              aria-label={`Dismiss report on ${r.productName}`}
              loading={
                resolve.isPending && resolve.variables.id === r._id && resolve.variables.action === 'dismiss'
              }
              onClick={() => dismiss(r)}
            >
              Dismiss
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {r.resolvedAt ? `Resolved ${formatDate(r.resolvedAt)}` : 'Resolved'}
          </Text>
        ),
    },
  ];

  function dismiss(report: Report) {
    resolve.mutate(
      { id: report._id, action: 'dismiss' },
      {
        onSuccess: () => toast.success('Report dismissed'),
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
          toast.success('Listing removed');
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
        title="Reported Items"
        description="Listings buyers reported. Remove the listing from the catalog, or dismiss the report."
        action={<ListFilter label="Which reports" name="status" list={list} options={FILTERS} />}
      />
      <DataTable
        label="Reported items"
        columns={columns}
        query={reports}
        list={list}
        rowKey={(r) => r._id}
        searchPlaceholder="Product, reporter or seller e-mail"
        numbered
        emptyTitle={filter === ALL ? 'No reports yet' : `No ${filter} reports`}
        emptyDescription="When a buyer reports a listing from its details page, it shows up here."
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this listing?"
        message={
          removing
            ? `“${removing.productName}” leaves the catalog and every open report of it is closed.`
            : null
        }
        confirmLabel="Remove listing"
        busy={resolve.isPending && resolve.variables.action === 'remove-listing'}
        onConfirm={removeListing}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
