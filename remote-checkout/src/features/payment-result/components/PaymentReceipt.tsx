import { Badge, DataList, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { formatPrice } from 'web-kit/format';
import type { PaymentReceipt as Receipt } from '../api/get-payment-result';

const STATUS_LABELS: Record<Receipt['status'], { label: string; color: string }> = {
  paid: { label: 'Paid', color: 'green' },
  pending: { label: 'Awaiting confirmation', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The printable receipt: every figure comes from the API's record of the payment. */
export function PaymentReceipt({ receipt }: { receipt: Receipt }) {
  const status = STATUS_LABELS[receipt.status];
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
              SecondByte receipt
            </Text>
            <Text size="sm" c="dimmed">
              {receipt.paidAt
                ? `Paid ${dateTime.format(new Date(receipt.paidAt))}`
                : `Started ${dateTime.format(new Date(receipt.createdAt))}`}
            </Text>
          </div>
          <Badge color={status.color} variant="light" size="lg" style={{ flexShrink: 0 }}>
            {status.label}
          </Badge>
        </Group>
        <Divider />
        <DataList labelWidth={140} gap="sm" withDivider data-testid="receipt-details">
          <DataList.Item>
            <DataList.ItemLabel>Product</DataList.ItemLabel>
            <DataList.ItemValue data-testid="receipt-product">{receipt.productName}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>E-mail</DataList.ItemLabel>
            <DataList.ItemValue data-testid="receipt-email" style={{ overflowWrap: 'anywhere' }}>
              {receipt.email}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Seller phone</DataList.ItemLabel>
            <DataList.ItemValue data-testid="receipt-phone">{receipt.phone}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Price</DataList.ItemLabel>
            <DataList.ItemValue data-testid="receipt-price" fw={700}>
              {formatPrice(receipt.price)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Transaction ID</DataList.ItemLabel>
            <DataList.ItemValue data-testid="receipt-transaction-id" ff="monospace">
              {receipt.transactionId}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>
      </Stack>
    </Paper>
  );
}
