import { Button, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useAuthStore } from 'runtime-kernel';
import { LoadFailed } from '@/shared/components/LoadFailed';
import { MoneyFigures } from '@/shared/components/MoneyFigures';
import { PageHeader } from '@/shared/components/PageHeader';
import { useDownload } from '@/shared/hooks/use-download';
import { useT } from '@/shared/i18n';
import { useBalance } from '../api/get-balance';
import { STATEMENT_CSV_PATH } from '../api/get-statement';
import { MyPayoutsTable } from '../components/MyPayoutsTable';
import { PayoutMethodCard } from '../components/PayoutMethodCard';
import { RequestPayoutCard } from '../components/RequestPayoutCard';
import { StatementTable } from '../components/StatementTable';

/**
 * Seller: Earnings & payouts. The money of a paid order is held until the handover, then released
 * to the available balance, which the seller asks to be paid to their wallet or bank account.
 */
export default function PayoutsPage() {
  const t = useT();
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const balance = useBalance(uid);
  const csv = useDownload(STATEMENT_CSV_PATH, 'secondbyte-statement');
  const data = balance.data;

  return (
    <Stack gap="xl">
      <PageHeader title={t('menu.pages.payouts')} description={t('sellerPayouts.description')} />
      {balance.isError && !data ? (
        <LoadFailed title={t('sellerPayouts.loadFailed')} error={balance.error} retry={balance.refetch} />
      ) : (
        <>
          <MoneyFigures
            label={t('sellerPayouts.figures.label')}
            currency={data?.currency}
            figures={[
              {
                key: 'held',
                label: t('sellerPayouts.figures.held'),
                hint: t('sellerPayouts.figures.heldHint'),
                paisa: data?.heldPaisa,
              },
              {
                key: 'available',
                label: t('sellerPayouts.figures.available'),
                hint: t('sellerPayouts.figures.availableHint'),
                paisa: data?.availablePaisa,
              },
              {
                key: 'pending',
                label: t('sellerPayouts.figures.pending'),
                hint: t('sellerPayouts.figures.pendingHint'),
                paisa: data?.payoutPendingPaisa,
              },
              {
                key: 'paidOut',
                label: t('sellerPayouts.figures.paidOut'),
                hint: t('sellerPayouts.figures.paidOutHint'),
                paisa: data?.paidOutPaisa,
              },
            ]}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <RequestPayoutCard uid={uid} balance={data} />
            <PayoutMethodCard uid={uid} method={data?.method} loading={balance.isPending} />
          </SimpleGrid>
        </>
      )}
      <Stack gap="sm" component="section" aria-labelledby="my-payouts-heading">
        <Title order={2} fz="lg" id="my-payouts-heading">
          {t('sellerPayouts.payouts.heading')}
        </Title>
        <MyPayoutsTable uid={uid} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="statement-heading">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="statement-heading">
            {t('sellerPayouts.statement.heading')}
          </Title>
          <Button variant="default" size="xs" loading={csv.isPending} onClick={csv.download}>
            {t('sellerPayouts.statement.download')}
          </Button>
        </Group>
        <StatementTable uid={uid} />
      </Stack>
    </Stack>
  );
}
