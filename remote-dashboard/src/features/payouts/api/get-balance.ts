import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Balance } from 'shared-contracts/money';

/** GET /balance (seller): held, available, payout pending and paid out, the minimum and the method. */
export const getBalance = () => apiRequest<Balance>('/balance', { auth: true });

// Keyed by the user's uid: the answer depends on who is signed in although the URL does not.
export const balanceQueryOptions = (uid: string) =>
  queryOptions({ queryKey: ['balance', uid], queryFn: getBalance });

export const useBalance = (uid: string) => useQuery(balanceQueryOptions(uid));
