import { useQuery } from '@tanstack/react-query';
import { disputesQueryOptions, type DisputeState } from '@/shared/api/get-disputes';
import type { ListSpec } from '@/shared/lib/list-params';
import { clientPage } from '@/shared/lib/client-page';

export { disputesQueryOptions, type DisputeState };

/**
 * The queue's view in the URL: open (the default) or resolved, and the page. The API answers each
 * state's whole list (GET /disputes?state=…), which the table pages here.
 */
export const DISPUTES_LIST: ListSpec = {
  sorts: { openedAt: 'desc' },
  filters: { state: { values: ['open', 'resolved'], initial: 'open' } },
  pageSize: 10,
};

/** One page of the queue, as DataTable reads it. */
export const useDisputesPage = (state: DisputeState, page: number) =>
  useQuery({
    ...disputesQueryOptions(state),
    select: (rows) => clientPage(rows, page, DISPUTES_LIST.pageSize),
  });
