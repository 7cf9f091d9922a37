import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { Payout } from 'shared-contracts/money';
import type { ListSpec } from '@/shared/lib/list-params';

/** The seller's payouts, newest first, a few at a time (the page stays on the page, not in the URL). */
export const MY_PAYOUTS_LIST: ListSpec = { sorts: { requestedAt: 'desc' }, pageSize: 5 };

/** GET /payouts?page&limit (seller): one page of the payouts they asked for, the total in X-Total-Count. */
export const getMyPayouts = (page: number) =>
  apiRequestPage<Payout>(
    `/payouts?${new URLSearchParams({ page: String(page), limit: String(MY_PAYOUTS_LIST.pageSize) })}`,
    { auth: true },
  );

export const myPayoutsQueryOptions = (uid: string, page: number) =>
  queryOptions({
    queryKey: ['balance', uid, 'payouts', page],
    queryFn: () => getMyPayouts(page),
    placeholderData: keepPreviousData,
  });

export const useMyPayouts = (uid: string, page: number) => useQuery(myPayoutsQueryOptions(uid, page));
