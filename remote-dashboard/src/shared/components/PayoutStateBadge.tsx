import { Badge } from '@mantine/core';
import type { Payout } from 'shared-contracts/money';
import { useT } from '@/shared/i18n';

const COLORS: Record<Payout['state'], string> = { requested: 'blue', paid: 'green', failed: 'red' };

/** A payout's state, in the same word and colour for its seller and for the operators. */
export function PayoutStateBadge({ state }: { state: Payout['state'] }) {
  const t = useT();
  return (
    <Badge miw="max-content" color={COLORS[state]} variant="light">
      {t(`payoutStates.${state}`)}
    </Badge>
  );
}
