import { Badge } from '@mantine/core';
import { SALES_STATUS_BADGE, type SalesStatus } from 'shared-contracts/sales-status';

export function SalesStatusBadge({ status }: { status: SalesStatus }) {
  const { label, color } = SALES_STATUS_BADGE[status];
  return (
    <Badge color={color} variant="light" aria-label={`Sales status: ${label}`} style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}
