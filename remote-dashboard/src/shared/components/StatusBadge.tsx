import { Badge } from '@mantine/core';
import { SALES_STATUS_BADGE, type SalesStatus } from 'shared-contracts/sales-status';
import { useT } from '@/shared/i18n';

/** The real sales status of a listing, in the same word and colour as the catalog's (docs/product.md#listings). */
export function StatusBadge({ status }: { status: SalesStatus }) {
  const t = useT();
  const { color } = SALES_STATUS_BADGE[status];
  return (
    <Badge miw="max-content" color={color} variant="light">
      {t(`common.salesStatus.${status}`)}
    </Badge>
  );
}
