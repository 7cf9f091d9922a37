import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Dispute } from 'shared-contracts/money';
import type { ListSpec } from '@/shared/lib/list-params';
import { clientPage } from '@/shared/lib/client-page';

export type DisputeState = Dispute['state'];

/**
 * The queue's view in the URL: open (the default) or resolved, and the page. The API answers each
 * state's whole list (GET /disputes?state=…), which the table pages here.
 */
export const DISPUTES_LIST: ListSpec = {
  sorts: { openedAt: 'desc' },
  filters: { state: { values: ['open', 'resolved'], initial: 'open' } },
  pageSize: 10,
};

/** GET /disputes?state=open|resolved (operators): the disputes in that state. */
export const getDisputes = (state: DisputeState) =>
  apiRequest<Dispute[]>(`/disputes?state=${state}`, { auth: true });

export const disputesQueryOptions = (state: DisputeState) =>
  queryOptions({ queryKey: ['disputes', 'queue', state], queryFn: () => getDisputes(state) });

/** One page of the queue, as DataTable reads it. */
export const useDisputesPage = (state: DisputeState, page: number) =>
  useQuery({
    ...disputesQueryOptions(state),
    select: (rows) => clientPage(rows, page, DISPUTES_LIST.pageSize),
  });
