import { Badge } from '@mantine/core';
import type { SalesStatus } from 'shared-contracts/products';

const COLORS: Record<SalesStatus, string> = { available: 'green', booked: 'yellow', sold: 'gray' };

/** The real sales status of a listing (docs/product.md#listings). */
export function StatusBadge({ status }: { status: SalesStatus }) {
  return (
    <Badge miw="max-content" color={COLORS[status]} variant="light">
      {status}
    </Badge>
  );
}
