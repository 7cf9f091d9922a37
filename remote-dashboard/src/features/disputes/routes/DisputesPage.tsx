import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Dispute } from 'shared-contracts/money';
import { formatDate, formatPaisa } from 'web-kit/format';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { ListTabs } from '@/shared/components/ListTabs';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListParams } from '@/shared/hooks/use-list-params';
import { dashboardHref } from '@/shared/lib/dashboard-pages';
import { useT } from '@/shared/i18n';
import { DISPUTES_LIST, useDisputesPage, type DisputeState } from '../api/get-disputes';

/** The review page of one dispute (not /dashboard/disputes/:id, the buyer's and seller's page). */
const disputeReviewHref = (id: string) =>
  dashboardHref('disputeReview').replace(':id', encodeURIComponent(id));

/** Admin: the buyers' disputes, open ones first to decide, resolved ones to look back at. */
export default function DisputesPage() {
  const t = useT();
  const list = useListParams(DISPUTES_LIST);
  const state = list.params.filters.state as DisputeState;
  const disputes = useDisputesPage(state, list.params.page);

  const columns: Column<Dispute>[] = [
    {
      key: 'laptop',
      header: t('adminDisputes.laptop'),
      render: (d) => (
        <Group gap="sm" wrap="nowrap">
          {d.order.image && <Image src={d.order.image} alt="" w={48} h={36} radius="sm" fit="cover" />}
          <Text size="sm" fw={500}>
            {d.order.productName}
          </Text>
        </Group>
      ),
    },
    { key: 'buyer', header: t('adminDisputes.buyer'), render: (d) => d.order.buyerName },
    { key: 'seller', header: t('adminDisputes.seller'), render: (d) => d.order.sellerName },
    {
      key: 'amount',
      header: t('adminDisputes.amount'),
      nowrap: true,
      render: (d) => formatPaisa(d.order.amountPaisa, undefined, d.order.currency),
    },
    {
      key: 'reason',
      header: t('adminDisputes.reason'),
      render: (d) => (
        <Stack gap={2}>
          <Text size="sm">{t(`adminDisputes.reasons.${d.reason}`)}</Text>
          <Text size="xs" c="dimmed" lineClamp={2} maw={280} style={{ overflowWrap: 'anywhere' }}>
            {d.text}
          </Text>
        </Stack>
      ),
    },
    state === 'open'
      ? {
          key: 'opened',
          header: t('adminDisputes.opened'),
          nowrap: true,
          render: (d) => formatDate(d.openedAt),
        }
      : {
          key: 'outcome',
          header: t('adminDisputes.outcome'),
          render: (d) => (
            <Stack gap={2}>
              <Text size="sm">
                {d.outcome === 'part-refund'
                  ? t('adminDisputes.outcomes.part-refund', { amount: formatPaisa(d.refundPaisa ?? 0) })
                  : d.outcome && t(`adminDisputes.outcomes.${d.outcome}`)}
              </Text>
              {d.resolvedAt && (
                <Text size="xs" c="dimmed">
                  {t('adminDisputes.resolvedOn', { date: formatDate(d.resolvedAt) })}
                </Text>
              )}
            </Stack>
          ),
        },
    {
      key: 'review',
      header: t('adminDisputes.action'),
      action: true,
      render: (d) => (
        <Button
          component={Link}
          to={disputeReviewHref(d._id)}
          size="xs"
          variant={state === 'open' ? 'filled' : 'light'}
          aria-label={t('adminDisputes.reviewFor', { name: d.order.productName, buyer: d.order.buyerName })}
        >
          {state === 'open' ? t('adminDisputes.review') : t('adminDisputes.view')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap={0}>
      <PageHeader title={t('menu.pages.disputes')} description={t('adminDisputes.description')} />
      <ListTabs
        label={t('adminDisputes.tabs')}
        name="state"
        list={list}
        options={[
          { value: 'open', label: t('adminDisputes.states.open') },
          { value: 'resolved', label: t('adminDisputes.states.resolved') },
        ]}
      >
        <DataTable
          label={t(`adminDisputes.table.${state}`)}
          columns={columns}
          query={disputes}
          list={list}
          rowKey={(d) => d._id}
          emptyTitle={t(`adminDisputes.empty.${state}`)}
          emptyDescription={t('adminDisputes.emptyText')}
        />
      </ListTabs>
    </Stack>
  );
}
