import { Badge } from '@mantine/core';
import type { SalesStatus } from 'shared-contracts/products';

const COLORS: Record<SalesStatus, string> = { available: 'teal', booked: 'yellow', sold: 'gray' };

export function SalesStatusBadge({ status }: { status: SalesStatus }) {
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      aria-label={`Sales status: ${status}`}
      style={{ flexShrink: 0 }}
    >
      {status}
    </Badge>
  );
}
