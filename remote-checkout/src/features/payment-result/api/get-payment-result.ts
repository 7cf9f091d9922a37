import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { PaymentResult } from 'shared-contracts/payments';

export type PaymentReceipt = PaymentResult['result'];

/** GET /get-data-transactionId/{id}: readable only by the payer or an admin. */
export async function fetchPaymentResult(
  transactionId: number,
  signal?: AbortSignal,
): Promise<PaymentReceipt> {
  const data = await apiRequest<PaymentResult>(`/get-data-transactionId/${transactionId}`, {
    auth: true,
    signal,
  });
  return data.result;
}

/**
 * Keyed by the viewer too: the answer depends on who asks, so another account signing in on the
 * same tab must not be shown the previous one's cached receipt.
 */
export const paymentResultQueryOptions = (transactionId: number, viewerUid: string) =>
  queryOptions({
    queryKey: ['payment-result', transactionId, viewerUid],
    queryFn: ({ signal }) => fetchPaymentResult(transactionId, signal),
    // The gateway's confirmation may land a moment after the browser: poll while pending, for
    // about a minute (a payment abandoned on the gateway's page stays pending).
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < 30 ? 2000 : false,
  });

export function usePaymentResult(transactionId: number | null, viewerUid: string | null) {
  return useQuery({
    ...paymentResultQueryOptions(transactionId ?? 0, viewerUid ?? ''),
    enabled: transactionId !== null && viewerUid !== null,
  });
}
