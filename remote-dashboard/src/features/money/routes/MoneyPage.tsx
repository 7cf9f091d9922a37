import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MoneyTotals } from 'shared-contracts/money';
import { formatNumber, formatPaisa } from 'web-kit/format';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { LoadFailed } from '@/shared/components/LoadFailed';
import { MoneyFigures } from '@/shared/components/MoneyFigures';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListParams } from '@/shared/hooks/use-list-params';
import { clientPage } from '@/shared/lib/client-page';
import { dashboardHref } from '@/shared/lib/dashboard-pages';
import type { ListSpec } from '@/shared/lib/list-params';
import { useT } from '@/shared/i18n';
import { moneyTotalsQueryOptions } from '../api/get-money-totals';

type SellerMoney = MoneyTotals['sellers'][number];

const SELLERS_LIST: ListSpec = { sorts: { sellerName: 'asc' }, pageSize: 20 };

/** Whether every taka received is accounted for: the ledger's own check, said in words and colour. */
function LedgerCheck({ balanced }: { balanced: boolean }) {
  const t = useT();
  return balanced ? (
    <Alert color="green" variant="light" title={t('moneyTotals.balanced')} role="status">
      {t('moneyTotals.balancedText')}
    </Alert>
  ) : (
    <Alert color="red" variant="filled" title={t('moneyTotals.unbalanced')} role="alert">
      {t('moneyTotals.unbalancedText')}
    </Alert>
  );
}

/** Admin: the site's money from the ledger, the check that it balances, and each seller's share. */
export default function MoneyPage() {
  const t = useT();
  const list = useListParams(SELLERS_LIST);
  const totals = useQuery(moneyTotalsQueryOptions());
  // The sellers' table pages the one answer; the figures read the same answer.
  const sellers = useQuery({
    ...moneyTotalsQueryOptions(),
    select: (data) => clientPage(data.sellers, list.params.page, SELLERS_LIST.pageSize),
  });
  const data = totals.data;

  const figure = (key: keyof MoneyTotals & `${string}Paisa`) => ({
    key,
    label: t(`moneyTotals.figures.${key}`),
    hint: t(`moneyTotals.hints.${key}`),
    paisa: data?.[key],
  });

  const columns: Column<SellerMoney>[] = [
    { key: 'seller', header: t('moneyTotals.seller'), render: (s) => s.sellerName },
    {
      key: 'held',
      header: t('moneyTotals.figures.heldPaisa'),
      nowrap: true,
      render: (s) => formatPaisa(s.heldPaisa),
    },
    {
      key: 'available',
      header: t('moneyTotals.figures.availablePaisa'),
      nowrap: true,
      render: (s) => formatPaisa(s.availablePaisa),
    },
    {
      key: 'pending',
      header: t('moneyTotals.figures.payoutPendingPaisa'),
      nowrap: true,
      render: (s) => formatPaisa(s.payoutPendingPaisa),
    },
  ];

  return (
    <Stack gap="xl">
      <PageHeader title={t('menu.pages.money')} description={t('moneyTotals.description')} />
      {totals.isError && !data ? (
        <LoadFailed title={t('moneyTotals.loadFailed')} error={totals.error} retry={totals.refetch} />
      ) : (
        <>
          {data && <LedgerCheck balanced={data.balanced} />}
          <MoneyFigures
            label={t('moneyTotals.figuresLabel')}
            figures={[
              figure('receivedPaisa'),
              figure('heldPaisa'),
              figure('availablePaisa'),
              figure('payoutPendingPaisa'),
              figure('paidOutPaisa'),
              figure('refundPendingPaisa'),
              figure('refundedPaisa'),
              figure('feesPaisa'),
            ]}
          />
          {data && (
            <Group gap="lg">
              <Anchor component={Link} to={dashboardHref('disputes')}>
                {t('moneyTotals.openDisputes', { n: formatNumber(data.openDisputes) })}
              </Anchor>
              <Anchor component={Link} to={dashboardHref('payoutRequests')}>
                {t('moneyTotals.requestedPayouts', { n: formatNumber(data.requestedPayouts) })}
              </Anchor>
            </Group>
          )}
          <Stack gap="sm" component="section" aria-labelledby="seller-money-heading">
            <Title order={2} fz="lg" id="seller-money-heading">
              {t('moneyTotals.sellersHeading')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('moneyTotals.sellersText')}
            </Text>
            <DataTable
              label={t('moneyTotals.sellersTable')}
              columns={columns}
              query={sellers}
              list={list}
              rowKey={(s) => s.sellerId}
              numbered
              emptyTitle={t('moneyTotals.sellersEmpty')}
            />
          </Stack>
        </>
      )}
    </Stack>
  );
}
