import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { StatementLine } from 'shared-contracts/money';
import type { ListParams, ListSpec } from '@/shared/lib/list-params';

/** The statement is newest first and takes only a page (GET /balance/statement?page&limit). */
export const STATEMENT_LIST: ListSpec = { sorts: { at: 'desc' }, pageSize: 20 };

/** GET /balance/statement (seller): one page of the movements of their money, the total in X-Total-Count. */
export const getStatement = (page: number) =>
  apiRequestPage<StatementLine>(
    `/balance/statement?${new URLSearchParams({ page: String(page), limit: String(STATEMENT_LIST.pageSize) })}`,
    { auth: true },
  );

export const statementQueryOptions = (uid: string, params: ListParams) =>
  queryOptions({
    queryKey: ['balance', uid, 'statement', params.page],
    queryFn: () => getStatement(params.page),
    placeholderData: keepPreviousData,
  });

export const useStatement = (uid: string, params: ListParams) => useQuery(statementQueryOptions(uid, params));

/** GET /balance/statement.csv: the whole statement, for the seller's own books. */
export const STATEMENT_CSV_PATH = '/balance/statement.csv';
