import { lazy, Suspense, useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useAuthStore } from 'runtime-kernel';
import type { Offer } from 'shared-contracts/offers';
import type { Product } from 'shared-contracts/products';
import { canBeBooked } from 'shared-contracts/sales-status';
import { useMyOffer } from '../api/get-my-offer';
import { useT } from '@/shared/i18n';

// The form brings zod (its rule is the shared schema): fetched on the first click, so the details
// page's first load stays without it (docs/decisions/0044-byte-budget-in-the-tests.md).
const MakeOfferDialog = lazy(() => import('./MakeOfferDialog'));
// The sentence about the buyer's offer, with its texts, comes only when there is an offer: a
// buyer without one (most visits) loads just the button.
const OfferState = lazy(() => import('./OfferState'));

/** The states after which the buyer may offer again. */
const ENDED: readonly Offer['state'][] = ['declined', 'expired', 'closed'];

/**
 * "Make an offer" and the buyer's current offer on this listing (docs/product.md#offers). Not
 * offered on one's own or a sold listing, nor to a seller or an admin (offers are a buyer's); a
 * signed-out visitor signs in first and comes back here.
 */
export function OfferPanel({ product, own }: { product: Product; own: boolean }) {
  const t = useT();
  const user = useAuthStore((s) => s.user);
  const role = useAuthStore((s) => s.role);
  const navigate = useNavigate();
  const location = useLocation();
  const [opened, setOpened] = useState(false);
  const [asked, setAsked] = useState(false);
  const buyer = user !== null && role === 'buyer';
  const unsold = canBeBooked(product.status);
  const mine = useMyOffer(product._id, buyer && !own);
  if (own || (user !== null && role !== null && role !== 'buyer')) return null;

  const offer = mine.data?.offer ?? null;
  const canOffer = unsold && (offer === null || ENDED.includes(offer.state));
  const open = () => {
    if (!user) {
      void navigate('/login', { state: { from: location } });
      return;
    }
    setAsked(true);
    setOpened(true);
  };

  return (
    <Stack gap={6} data-testid="offer-panel">
      {offer && (
        <Suspense fallback={null}>
          <OfferState offer={offer} />
        </Suspense>
      )}
      {mine.isError && (
        <Text size="sm" c="red.8" role="alert">
          {t('offers.stateFailed')}
        </Text>
      )}
      {canOffer && (
        <Button
          variant="outline"
          size="md"
          fullWidth
          onClick={open}
          aria-label={t('offers.makeFor', { name: product.productName })}
        >
          {t('offers.make')}
        </Button>
      )}
      {asked && (
        <Suspense fallback={null}>
          <MakeOfferDialog
            productId={product._id}
            productName={product.productName}
            askingPrice={product.price}
            opened={opened}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
