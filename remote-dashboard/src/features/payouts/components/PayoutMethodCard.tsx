import { useState } from 'react';
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { PayoutMethod } from 'shared-contracts/money';
import { formatDate } from 'web-kit/format';
import { useT } from '@/shared/i18n';
import { PayoutMethodDialog } from './PayoutMethodDialog';

/** Where payouts go, masked but for the last digits, with Edit (or Add when there is none yet). */
export function PayoutMethodCard({
  uid,
  method,
  loading,
}: {
  uid: string;
  method: PayoutMethod | null | undefined;
  loading: boolean;
}) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="payout-method-heading">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Title order={2} fz="lg" id="payout-method-heading">
          {t('sellerPayouts.method.heading')}
        </Title>
        {method && (
          <Button
            size="xs"
            variant="light"
            aria-label={t('sellerPayouts.method.editLabel')}
            onClick={() => setEditing(true)}
          >
            {t('sellerPayouts.method.edit')}
          </Button>
        )}
      </Group>
      {loading ? (
        <Stack gap={6}>
          <Skeleton height={22} width="70%" />
          <Skeleton height={14} width="40%" />
        </Stack>
      ) : method ? (
        <Stack gap={2}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="payout-method">
            {method.masked}
          </Text>
          {method.accountName && (
            <Text size="sm">{t('sellerPayouts.method.accountName', { name: method.accountName })}</Text>
          )}
          <Text size="xs" c="dimmed">
            {t('sellerPayouts.method.updated', { date: formatDate(method.updatedAt) })}
          </Text>
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>{t('sellerPayouts.method.none')}</Text>
          <Text size="sm" c="dimmed">
            {t('sellerPayouts.method.noneText')}
          </Text>
          <Button onClick={() => setEditing(true)}>{t('sellerPayouts.method.add')}</Button>
        </Stack>
      )}
      {editing && <PayoutMethodDialog uid={uid} method={method ?? null} onClose={() => setEditing(false)} />}
    </Card>
  );
}
