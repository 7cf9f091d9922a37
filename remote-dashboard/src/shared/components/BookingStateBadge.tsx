import { Badge } from '@mantine/core';
import { BOOKING_STATE_BADGE, type BookingState } from 'shared-contracts/booking-lifecycle';
import { useT } from '@/shared/i18n';

/** A booking's state, in the same colour on every page (shared-contracts/booking-lifecycle.ts). */
export function BookingStateBadge({ state }: { state: BookingState }) {
  const t = useT();
  return (
    <Badge
      miw="max-content"
      color={BOOKING_STATE_BADGE[state].color}
      variant="light"
      title={t(`bookingLifecycle.stateHints.${state}`)}
    >
      {t(`bookingLifecycle.states.${state}`)}
    </Badge>
  );
}
