import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, useConfirmedUid } from 'runtime-kernel';
import type { MyOfferAnswer } from 'shared-contracts/offers';
import { queryKeys } from 'web-kit/query-keys';

export const getMyOffer = (productId: string) =>
  apiRequest<MyOfferAnswer>(`/offers/mine?productId=${encodeURIComponent(productId)}`, { auth: true });

export const myOfferQueryOptions = (uid: string, productId: string) =>
  queryOptions({ queryKey: queryKeys.offers.mine(uid, productId), queryFn: () => getMyOffer(productId) });

/** The signed-in buyer's latest offer on the listing and its minimum; nothing is asked while signed out. */
export function useMyOffer(productId: string, enabled: boolean) {
  // Keyed on the confirmed session, as the page's other decorations are: no early Firebase load.
  const uid = useConfirmedUid();
  return useQuery({ ...myOfferQueryOptions(uid ?? '', productId), enabled: enabled && uid !== null });
}
