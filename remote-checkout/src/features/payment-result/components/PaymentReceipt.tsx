import { Badge, DataList, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { useLanguage } from 'runtime-kernel';
import type { Language } from 'shared-contracts/locale';
import { formatPrice } from 'web-kit/format';
import type { PaymentReceipt as Receipt } from '../api/get-payment-result';
import { useT } from '@/shared/i18n';

const STATUS_COLORS: Record<Receipt['status'], string> = {
  paid: 'green',
  pending: 'yellow',
  failed: 'red',
  cancelled: 'gray',
  // Still pending when the payment window closed (shared-contracts/order-lifecycle PAYMENT_WINDOW_MS).
  expired: 'gray',
};

// The receipt's moment as the reader's language writes it (English keeps the format it had).
const DATE_TIME: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
  // Bangla's CLDR day periods are the English AM and PM: a 24-hour clock keeps the line in Bangla.
  bn: new Intl.DateTimeFormat('bn-BD', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }),
};

/** The printable receipt: every figure comes from the API's record of the payment. */
export function PaymentReceipt({ receipt }: { receipt: Receipt }) {
  const t = useT();
  const dateTime = DATE_TIME[useLanguage()];
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      shadow="xs"
      data-receipt
      aria-labelledby="receipt-title"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text id="receipt-title" fw={700} size="lg">
              {t('receipt.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {receipt.paidAt
                ? t('receipt.paidAt', { when: dateTime.format(new Date(receipt.paidAt)) })
                : t('receipt.startedAt', { when: dateTime.format(new Date(receipt.createdAt)) })}
            </Text>
          </div>
          <Badge color={STATUS_COLORS[receipt.status]} variant="light" size="lg" style={{ flexShrink: 0 }}>
            {t(`receipt.status.${receipt.status}`)}
          </Badge>
        </Group>
        <Divider />
        <DataList labelWidth={140} gap="sm" withDivider data-testid="receipt-details">
          <DataList.Item>
            <DataList.ItemLabel>{t('receipt.product')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="receipt-product">{receipt.productName}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('receipt.email')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="receipt-email" style={{ overflowWrap: 'anywhere' }}>
              {receipt.email}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('receipt.sellerPhone')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="receipt-phone">{receipt.phone}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('receipt.price')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="receipt-price" fw={700}>
              {formatPrice(receipt.price)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('receipt.transactionId')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="receipt-transaction-id" ff="monospace">
              {receipt.transactionId}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>
      </Stack>
    </Paper>
  );
}
