import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAuthStore } from 'runtime-kernel';
import { PageHeader } from '@/shared/components/PageHeader';
import { errorMessage } from '@/shared/lib/error-message';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { SUMMARY_CARDS } from '../components/summary-cards';
import { useT, type DashboardMessageKey } from '@/shared/i18n';
import { formatNumber } from 'web-kit/format';

/** The dashboard index: a short summary for the role instead of an empty page. */
export default function DashboardHome() {
  const t = useT();
  const user = useAuthStore((s) => s.user);
  const role = useAuthStore((s) => s.role);
  const summary = useDashboardSummary(user?.uid ?? '');
  const cards = role ? SUMMARY_CARDS[role] : [];
  const firstName = user?.displayName?.split(' ')[0];

  return (
    <Stack gap={0}>
      <PageHeader
        title={firstName ? t('summary.welcome', { name: firstName }) : t('summary.title')}
        description={role ? t(`summary.intro.${role}`) : undefined}
      />
      {summary.isError ? (
        <Alert color="red" title={t('summary.failed')} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(summary.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void summary.refetch()}>
              {t('common.tryAgain')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md" aria-busy={summary.isPending}>
          {cards.map((card) => {
            const value = summary.data?.counts[card.count];
            const body = (
              <>
                <Text size="sm" c="dimmed">
                  {/* The card's words in the page's language; `label` is the English one. */}
                  {t(`summary.cards.${role}.${card.count}` as DashboardMessageKey)}
                </Text>
                {summary.isPending ? (
                  <Skeleton height={34} width={56} mt={4} />
                ) : (
                  <Text fz={28} fw={700} lh="34px" mt={4}>
                    {formatNumber(value ?? 0)}
                  </Text>
                )}
              </>
            );
            return card.to ? (
              <Paper
                key={card.count}
                component={Link}
                to={card.to}
                withBorder
                p="md"
                radius="md"
                style={{ textDecoration: 'none', color: 'inherit' }}
              >
                {body}
              </Paper>
            ) : (
              <Paper key={card.count} withBorder p="md" radius="md">
                {body}
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
