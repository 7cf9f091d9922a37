import { offerActions } from 'shared-contracts/offer-lifecycle';
import type { Offer } from 'shared-contracts/offers';
import { fromCents } from '../../lib/money';
import { resolveAssetUrl } from '../../lib/http';
import type { OfferWithParties } from './offers.repository';

/** An offer as the API answers it (shared-contracts/offers.ts), with the moves the reader may make. */
export function toOffer(
  { offer, product, buyer, seller }: OfferWithParties,
  publicApiUrl: string,
  readerId: string,
): Offer {
  const side = offer.buyerId === readerId ? 'buyer' : offer.sellerId === readerId ? 'seller' : null;
  return {
    _id: offer.id,
    productId: product.id,
    productName: product.name,
    image: resolveAssetUrl(product.imageUrl, publicApiUrl),
    askingPrice: fromCents(product.priceCents),
    buyerName: buyer.name,
    sellerName: seller.name,
    amount: fromCents(offer.amountCents),
    counterAmount: offer.counterCents === null ? null : fromCents(offer.counterCents),
    agreedAmount: offer.agreedCents === null ? null : fromCents(offer.agreedCents),
    state: offer.state,
    expiresAt: offer.expiresAt.toISOString(),
    createdAt: offer.createdAt.toISOString(),
    stateChangedAt: offer.stateChangedAt.toISOString(),
    actions: side ? offerActions(offer.state, side) : [],
  };
}
