import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { MyVerification } from 'shared-contracts/verifications';

/** GET /products/{id}/verification (the listing's seller): the latest submission, or null. */
export const getMyVerification = (productId: string) =>
  apiRequest<{ verification: MyVerification | null }>(
    `/products/${encodeURIComponent(productId)}/verification`,
    { auth: true },
  );

export const myVerificationQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['my-verification', productId],
    queryFn: () => getMyVerification(productId),
  });

export const useMyVerification = (productId: string) => useQuery(myVerificationQueryOptions(productId));
