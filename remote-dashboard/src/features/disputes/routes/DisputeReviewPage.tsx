import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ApiError } from 'runtime-kernel';
import type { Dispute } from 'shared-contracts/money';
import { formatDate, formatPaisa } from 'web-kit/format';
import { LoadFailed } from '@/shared/components/LoadFailed';
import { PageHeader } from '@/shared/components/PageHeader';
import { dashboardHref } from '@/shared/lib/dashboard-pages';
import { useT } from '@/shared/i18n';
import { useDispute } from '../api/get-dispute';
import { DisputeSides } from '../components/DisputeSides';
import { ResolveDisputeForm } from '../components/ResolveDisputeForm';

function Decision({ dispute }: { dispute: Dispute }) {
  const t = useT();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="decision-heading">
      <Title order={2} fz="lg" id="decision-heading" mb="xs">
        {t('adminDisputes.decision')}
      </Title>
      <Stack gap={4}>
        <Text fw={600}>
          {dispute.outcome === 'part-refund'
            ? t('adminDisputes.outcomes.part-refund', { amount: formatPaisa(dispute.refundPaisa ?? 0) })
            : dispute.outcome && t(`adminDisputes.outcomes.${dispute.outcome}`)}
        </Text>
        {dispute.note && <Text size="sm">{t('adminDisputes.noteSaid', { note: dispute.note })}</Text>}
        {dispute.resolvedAt && (
          <Text size="sm" c="dimmed">
            {t('adminDisputes.resolvedOn', { date: formatDate(dispute.resolvedAt) })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Admin: one dispute, both sides, and the decision (or the one taken). */
export default function DisputeReviewPage() {
  const t = useT();
  const { id = '' } = useParams();
  const dispute = useDispute(id);
  const back = (
    <Anchor component={Link} to={dashboardHref('disputes')} size="sm">
      {t('adminDisputes.back')}
    </Anchor>
  );

  if (dispute.isPending)
    return (
      <Stack gap="md" role="status" aria-label={t('adminDisputes.loadingOne')}>
        <Skeleton height={36} width="60%" />
        <Skeleton height={220} />
        <Skeleton height={160} />
      </Stack>
    );
  if (dispute.isError) {
    const missing = dispute.error instanceof ApiError && dispute.error.status === 404;
    return (
      <Stack gap="md" align="flex-start">
        {back}
        {missing ? (
          <Stack gap={4} role="status">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {t('adminDisputes.notFound')}
            </Title>
            <Text c="dimmed">{t('adminDisputes.notFoundText')}</Text>
          </Stack>
        ) : (
          <LoadFailed
            title={t('adminDisputes.loadOneFailed')}
            error={dispute.error}
            retry={dispute.refetch}
          />
        )}
      </Stack>
    );
  }

  const data = dispute.data;
  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={t('adminDisputes.reviewTitle', { name: data.order.productName })}
        description={
          <Group gap="xs" component="span">
            <Badge color={data.state === 'open' ? 'orange' : 'gray'} variant="light" component="span">
              {t(`adminDisputes.states.${data.state}`)}
            </Badge>
            {t('adminDisputes.openedBy', { name: data.order.buyerName, date: formatDate(data.openedAt) })}
          </Group>
        }
      />
      <DisputeSides dispute={data} />
      {data.state === 'open' ? <ResolveDisputeForm dispute={data} /> : <Decision dispute={data} />}
    </Stack>
  );
}
