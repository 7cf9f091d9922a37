import { Badge } from '@mantine/core';
import { SALES_STATUS_BADGE, type SalesStatus } from 'shared-contracts/sales-status';
import { useT } from '@/shared/i18n';

export function SalesStatusBadge({ status }: { status: SalesStatus }) {
  const t = useT();
  const { color } = SALES_STATUS_BADGE[status];
  const label = t(`status.${status}`);
  return (
    <Badge
      color={color}
      variant="light"
      aria-label={t('common.salesStatus', { status: label })}
      style={{ flexShrink: 0 }}
    >
      {label}
    </Badge>
  );
}
