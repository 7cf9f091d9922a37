import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { Payout } from 'shared-contracts/money';
import { formatDate, formatPaisa } from 'web-kit/format';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { ListTabs } from '@/shared/components/ListTabs';
import { PageHeader } from '@/shared/components/PageHeader';
import { useDownload } from '@/shared/hooks/use-download';
import { useListParams } from '@/shared/hooks/use-list-params';
import { useT } from '@/shared/i18n';
import {
  PAYOUT_REQUESTS_LIST,
  REQUESTED_PAYOUTS_CSV_PATH,
  usePayoutRequests,
  type PayoutState,
} from '../api/get-payout-requests';
import { SettlePayoutDialog, type SettleOutcome } from '../components/SettlePayoutDialog';

/**
 * Admin: the sellers' payout requests. The requested ones go out as one bulk transfer (the CSV is
 * the bank's file); each is then marked paid with the transfer's reference, or failed with why.
 */
export default function PayoutRequestsPage() {
  const t = useT();
  const list = useListParams(PAYOUT_REQUESTS_LIST);
  const state = list.params.filters.state as PayoutState;
  const payouts = usePayoutRequests(state, list.params.page);
  const csv = useDownload(REQUESTED_PAYOUTS_CSV_PATH, 'secondbyte-payouts-requested');
  const [settling, setSettling] = useState<{ payout: Payout; outcome: SettleOutcome } | null>(null);

  const columns: Column<Payout>[] = [
    {
      key: 'seller',
      header: t('payoutRequests.seller'),
      render: (p) => (
        <Text size="sm" fw={500}>
          {p.sellerName}
        </Text>
      ),
    },
    {
      key: 'amount',
      header: t('payoutRequests.amount'),
      nowrap: true,
      render: (p) => formatPaisa(p.amountPaisa),
    },
    {
      key: 'method',
      header: t('payoutRequests.method'),
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {p.method.masked}
          </Text>
          {p.method.accountName && (
            <Text size="xs" c="dimmed">
              {p.method.accountName}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'requested',
      header: t('payoutRequests.requestedAt'),
      nowrap: true,
      render: (p) => formatDate(p.requestedAt),
    },
    ...(state === 'requested'
      ? [
          {
            key: 'actions',
            header: t('payoutRequests.actions'),
            action: true,
            render: (p: Payout) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  color="green"
                  variant="light"
                  aria-label={t('payoutRequests.markPaidFor', {
                    name: p.sellerName,
                    amount: formatPaisa(p.amountPaisa),
                  })}
                  onClick={() => setSettling({ payout: p, outcome: 'paid' })}
                >
                  {t('payoutRequests.markPaid')}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  aria-label={t('payoutRequests.markFailedFor', {
                    name: p.sellerName,
                    amount: formatPaisa(p.amountPaisa),
                  })}
                  onClick={() => setSettling({ payout: p, outcome: 'failed' })}
                >
                  {t('payoutRequests.markFailed')}
                </Button>
              </Group>
            ),
          } satisfies Column<Payout>,
        ]
      : [
          {
            key: 'settled',
            header: state === 'paid' ? t('payoutRequests.paidOn') : t('payoutRequests.failedOn'),
            nowrap: true,
            render: (p: Payout) => (p.settledAt ? formatDate(p.settledAt) : '—'),
          } satisfies Column<Payout>,
          {
            key: 'detail',
            header: state === 'paid' ? t('payoutRequests.reference') : t('payoutRequests.reason'),
            render: (p: Payout) => (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {(state === 'paid' ? p.reference : p.failureReason) ?? '—'}
              </Text>
            ),
          } satisfies Column<Payout>,
        ]),
  ];

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('payoutRequests.title')}
        description={t('payoutRequests.description')}
        action={
          <Button variant="default" loading={csv.isPending} onClick={csv.download}>
            {t('payoutRequests.downloadCsv')}
          </Button>
        }
      />
      <ListTabs
        label={t('payoutRequests.tabs')}
        name="state"
        list={list}
        options={[
          { value: 'requested', label: t('payoutStates.requested') },
          { value: 'paid', label: t('payoutStates.paid') },
          { value: 'failed', label: t('payoutStates.failed') },
        ]}
      >
        <DataTable
          label={t(`payoutRequests.table.${state}`)}
          columns={columns}
          query={payouts}
          list={list}
          rowKey={(p) => p._id}
          numbered
          emptyTitle={t(`payoutRequests.empty.${state}`)}
          emptyDescription={t(`payoutRequests.emptyText.${state}`)}
        />
      </ListTabs>
      {settling && (
        <SettlePayoutDialog
          payout={settling.payout}
          outcome={settling.outcome}
          onClose={() => setSettling(null)}
        />
      )}
    </Stack>
  );
}
