import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Payout } from 'shared-contracts/money';
import { clientPage } from '@/shared/lib/client-page';
import type { ListSpec } from '@/shared/lib/list-params';

export type PayoutState = Payout['state'];

/** The queue's view in the URL: requested (the default), paid or failed, and the page. */
export const PAYOUT_REQUESTS_LIST: ListSpec = {
  sorts: { requestedAt: 'asc' },
  filters: { state: { values: ['requested', 'paid', 'failed'], initial: 'requested' } },
  pageSize: 20,
};

/** GET /admin/payouts?state=… (operators): every payout in that state; the table pages them here. */
export const getPayoutRequests = (state: PayoutState) =>
  apiRequest<Payout[]>(`/admin/payouts?state=${state}`, { auth: true });

export const payoutRequestsQueryOptions = (state: PayoutState) =>
  queryOptions({ queryKey: ['admin-payouts', state], queryFn: () => getPayoutRequests(state) });

export const usePayoutRequestsPage = (state: PayoutState, page: number) =>
  useQuery({
    ...payoutRequestsQueryOptions(state),
    select: (rows) => clientPage(rows, page, PAYOUT_REQUESTS_LIST.pageSize),
  });

/** GET /admin/payouts.csv?state=requested: the requested payouts as the bank's bulk transfer file. */
export const REQUESTED_PAYOUTS_CSV_PATH = '/admin/payouts.csv?state=requested';
