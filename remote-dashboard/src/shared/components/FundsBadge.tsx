import { Badge } from '@mantine/core';
import { FUNDS_STATE_BADGE, type FundsState } from 'shared-contracts/order-lifecycle';
import { useT } from '@/shared/i18n';

/** Where a paid order's money is, in the same word and colour on every page (shared-contracts/order-lifecycle.ts). */
export function FundsBadge({ state }: { state: FundsState }) {
  const t = useT();
  return (
    <Badge
      miw="max-content"
      color={FUNDS_STATE_BADGE[state].color}
      variant="light"
      title={t(`orderFunds.stateHints.${state}`)}
    >
      {t(`orderFunds.states.${state}`)}
    </Badge>
  );
}
