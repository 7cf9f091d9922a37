import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Box, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ApiError, useAuthStore } from 'runtime-kernel';
import type { Dispute } from 'shared-contracts/money';
import { formatDate, formatPaisa } from 'web-kit/format';
import { PageHeader } from '@/shared/components/PageHeader';
import { PaidOrderCard } from '@/shared/components/PaidOrderCard';
import { useT } from '@/shared/i18n';
import { dashboardHref } from '@/shared/lib/dashboard-pages';
import { errorMessage } from '@/shared/lib/error-message';
import { useDispute } from '../api/get-dispute';
import { DisputePhotos } from '../components/DisputePhotos';

/**
 * /dashboard/disputes/:id (docs/product.md#money): one dispute about a paid order, for its buyer,
 * its seller and the operators: the order, the problem in the buyer's words and photos, whether
 * SecondByte has decided and how, and the conversation between the two. Operators decide from
 * their queue; this page only shows.
 */
export default function DisputeDetailPage() {
  const t = useT();
  const { id = '' } = useParams();
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const role = useAuthStore((s) => s.role);
  const dispute = useDispute(uid, id);
  const back =
    role === 'buyer' ? (
      <Anchor component={Link} to={dashboardHref('myOrders')} size="sm">
        {t('disputeDetail.backToOrders')}
      </Anchor>
    ) : role === 'seller' ? (
      <Anchor component={Link} to={dashboardHref('myBuyers')} size="sm">
        {t('disputeDetail.backToBuyers')}
      </Anchor>
    ) : null;

  if (dispute.isPending)
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('disputeDetail.loading')}>
        <Skeleton h={36} w="60%" radius="md" />
        <Skeleton h={120} radius="md" />
        <Skeleton h={160} radius="md" />
      </Stack>
    );
  if (dispute.isError) {
    const error = dispute.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 403))
      return (
        <Alert color="gray" title={t('disputeDetail.notFound')} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('disputeDetail.notFoundText')}</Text>
            {back}
          </Stack>
        </Alert>
      );
    return (
      <Alert color="red" title={t('disputeDetail.failed')} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void dispute.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const d = dispute.data;
  const side = role === 'seller' ? 'seller' : role === 'buyer' ? 'buyer' : 'operator';
  return (
    <Stack gap="lg">
      {back}
      <PageHeader
        title={t('disputeDetail.title', { name: d.order.productName })}
        description={t('disputeDetail.openedOn', { date: formatDate(d.openedAt) })}
        action={
          <Badge
            size="lg"
            variant="light"
            color={d.state === 'open' ? 'orange' : 'green'}
            title={t(`disputeDetail.stateHints.${d.state}`)}
          >
            {t(`disputeDetail.states.${d.state}`)}
          </Badge>
        }
      />
      <Part id="dispute-order" heading={t('disputeDetail.order')}>
        <PaidOrderCard order={d.order} side={side} as="div" disputeLink={false} />
      </Part>
      <Part id="dispute-problem" heading={t('disputeDetail.problem')}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Box>
              <Text size="sm" c="dimmed">
                {t('disputeDetail.reason')}
              </Text>
              <Text fw={600}>{t(`disputeForm.reasons.${d.reason}`)}</Text>
            </Box>
            <Box>
              <Text size="sm" c="dimmed">
                {t('disputeDetail.text')}
              </Text>
              {/* Plain text as written: never HTML, line breaks kept. */}
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{d.text}</Text>
            </Box>
            <Box>
              <Text size="sm" c="dimmed" mb={4}>
                {t('disputeDetail.photos')}
              </Text>
              <DisputePhotos photos={d.photos} />
            </Box>
          </Stack>
        </Paper>
      </Part>
      <Part id="dispute-outcome" heading={t('disputeDetail.outcome')}>
        <Outcome dispute={d} />
      </Part>
      {d.conversationId ? (
        <Button
          component={Link}
          to={`/dashboard/messages/${encodeURIComponent(d.conversationId)}`}
          variant="light"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('disputeDetail.conversation')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {t('disputeDetail.noConversation')}
        </Text>
      )}
    </Stack>
  );
}

function Part({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id} mb="xs">
        {heading}
      </Title>
      {children}
    </Box>
  );
}

function Outcome({ dispute: d }: { dispute: Dispute }) {
  const t = useT();
  if (d.state === 'open' || !d.outcome)
    return (
      <Text size="sm" role="status">
        {t('disputeDetail.waiting')}
      </Text>
    );
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Text fw={600}>
          {t(`disputeDetail.outcomes.${d.outcome}`, {
            amount: formatPaisa(d.refundPaisa ?? 0, undefined, d.order.currency),
          })}
        </Text>
        {d.resolvedAt && (
          <Text size="sm" c="dimmed">
            {t('disputeDetail.resolvedOn', { date: formatDate(d.resolvedAt) })}
          </Text>
        )}
        {d.note && (
          <Box>
            <Text size="sm" c="dimmed">
              {t('disputeDetail.note')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{d.note}</Text>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
