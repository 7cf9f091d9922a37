import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { MoneyTotals } from 'shared-contracts/money';

/** GET /admin/money (operators): what the site holds and for whom, summed from the ledger. */
export const getMoneyTotals = () => apiRequest<MoneyTotals>('/admin/money', { auth: true });

export const moneyTotalsQueryOptions = () =>
  queryOptions({ queryKey: ['admin-money'], queryFn: getMoneyTotals });

export const useMoneyTotals = () => useQuery(moneyTotalsQueryOptions());
