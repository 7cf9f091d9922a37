import { Stack, Text } from '@mantine/core';
import type { Payout } from 'shared-contracts/money';
import { formatDate, formatPaisa } from 'web-kit/format';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { PayoutStateBadge } from '@/shared/components/PayoutStateBadge';
import { useT } from '@/shared/i18n';
import { MY_PAYOUTS_LIST, useMyPayouts } from '../api/get-my-payouts';
import { useLocalList } from '../hooks/use-local-list';

/** The seller's payouts, newest first: amount, where to, state, the transfer's reference, dates. */
export function MyPayoutsTable({ uid }: { uid: string }) {
  const t = useT();
  const list = useLocalList(MY_PAYOUTS_LIST);
  const payouts = useMyPayouts(uid, list.params.page);
  const columns: Column<Payout>[] = [
    {
      key: 'amount',
      header: t('sellerPayouts.payouts.amount'),
      nowrap: true,
      render: (p) => formatPaisa(p.amountPaisa),
    },
    {
      key: 'method',
      header: t('sellerPayouts.payouts.method'),
      render: (p) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {p.method.masked}
        </Text>
      ),
    },
    {
      key: 'state',
      header: t('sellerPayouts.payouts.state'),
      nowrap: true,
      render: (p) => (
        <Stack gap={2} align="flex-start">
          <PayoutStateBadge state={p.state} />
          {p.state === 'failed' && p.failureReason && (
            <Text size="xs" c="dimmed" maw={260}>
              {t('sellerPayouts.payouts.failedBecause', { reason: p.failureReason })}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'reference', header: t('sellerPayouts.payouts.reference'), render: (p) => p.reference ?? '—' },
    {
      key: 'requested',
      header: t('sellerPayouts.payouts.requested'),
      nowrap: true,
      render: (p) => formatDate(p.requestedAt),
    },
    {
      key: 'settled',
      header: t('sellerPayouts.payouts.settled'),
      nowrap: true,
      render: (p) => (p.settledAt ? formatDate(p.settledAt) : '—'),
    },
  ];
  return (
    <DataTable
      label={t('sellerPayouts.payouts.table')}
      columns={columns}
      query={payouts}
      list={list}
      rowKey={(p) => p._id}
      emptyTitle={t('sellerPayouts.payouts.empty')}
      emptyDescription={t('sellerPayouts.payouts.emptyText')}
    />
  );
}
