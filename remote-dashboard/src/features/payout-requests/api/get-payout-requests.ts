import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { Payout } from 'shared-contracts/money';
import type { ListSpec } from '@/shared/lib/list-params';

export type PayoutState = Payout['state'];

/** The queue's view in the URL: requested (the default), paid or failed, and the page. */
export const PAYOUT_REQUESTS_LIST: ListSpec = {
  sorts: { requestedAt: 'asc' },
  filters: { state: { values: ['requested', 'paid', 'failed'], initial: 'requested' } },
  pageSize: 20,
};

/** GET /admin/payouts?state=…&page&limit (operators): one page of the payouts in that state, the total in X-Total-Count. */
export const getPayoutRequests = (state: PayoutState, page: number) =>
  apiRequestPage<Payout>(
    `/admin/payouts?${new URLSearchParams({ state, page: String(page), limit: String(PAYOUT_REQUESTS_LIST.pageSize) })}`,
    { auth: true },
  );

export const payoutRequestsQueryOptions = (state: PayoutState, page: number) =>
  queryOptions({
    queryKey: ['admin-payouts', state, page],
    queryFn: () => getPayoutRequests(state, page),
    placeholderData: keepPreviousData,
  });

export const usePayoutRequests = (state: PayoutState, page: number) =>
  useQuery(payoutRequestsQueryOptions(state, page));

/** GET /admin/payouts.csv?state=requested: every requested payout, unmasked, as the bank's bulk transfer file. */
export const REQUESTED_PAYOUTS_CSV_PATH = '/admin/payouts.csv?state=requested';
