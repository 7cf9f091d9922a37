import { Anchor, Text } from '@mantine/core';
import type { Offer } from 'shared-contracts/offers';
import { formatDate, formatPrice } from 'web-kit/format';
import { useT } from '../i18n';

/** One sentence of where the buyer's offer stands, with its deadline, read out when it changes. */
export default function OfferState({ offer }: { offer: Offer }) {
  const t = useT();
  const values = {
    amount: formatPrice(offer.amount),
    counter: formatPrice(offer.counterAmount ?? offer.amount),
    agreed: formatPrice(offer.agreedAmount ?? offer.amount),
    date: formatDate(offer.expiresAt),
  };
  const sentence = {
    pending: t('offers.statePending', values),
    countered: t('offers.stateCountered', values),
    accepted: t('offers.stateAccepted', values),
    declined: t('offers.stateDeclined', values),
    expired: t('offers.stateExpired', values),
    closed: t('offers.stateClosed', values),
    completed: t('offers.stateCompleted', values),
  }[offer.state];
  return (
    <Text size="sm" role="status" data-testid="offer-state">
      {sentence}{' '}
      {offer.state === 'countered' && (
        <Anchor href="/dashboard/my-offers" size="sm">
          {t('offers.answerInDashboard')}
        </Anchor>
      )}
    </Text>
  );
}
