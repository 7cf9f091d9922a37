import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Payout } from 'shared-contracts/money';

/** GET /payouts (seller): every payout they asked for, newest first. */
export const getMyPayouts = () => apiRequest<Payout[]>('/payouts', { auth: true });

export const myPayoutsQueryOptions = (uid: string) =>
  queryOptions({ queryKey: ['balance', uid, 'payouts'], queryFn: getMyPayouts });

export const useMyPayouts = (uid: string) => useQuery(myPayoutsQueryOptions(uid));
