import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Dispute } from 'shared-contracts/money';

export type DisputeState = Dispute['state'];

/** GET /disputes?state=open|resolved (operators): every dispute in that state. */
export const getDisputes = (state: DisputeState) =>
  apiRequest<Dispute[]>(`/disputes?state=${state}`, { auth: true });

/** The operators' queue and the drawer's count of open disputes read the same answer. */
export const disputesQueryOptions = (state: DisputeState) =>
  queryOptions({ queryKey: ['disputes', 'queue', state], queryFn: () => getDisputes(state) });
