import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  parseListParams,
  writeListParams,
  type ListParams,
  type ListSpec,
  type SortOrder,
} from '../lib/list-params';

export interface ListControls {
  params: ListParams;
  spec: ListSpec;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setSort: (sort: string, order: SortOrder) => void;
  setSearch: (q: string) => void;
  setFilter: (name: string, value: string) => void;
}

/**
 * A dashboard list's page, sort, search and filters, kept in the URL (docs/product.md, "Dashboard
 * lists"). Each change is a new history entry, so Back steps through the pages and sorts a user
 * saw; refining a search replaces the entry instead (one entry per search, not per pause in typing).
 * Any change other than the page goes back to page 1.
 */
export function useListParams(spec: ListSpec): ListControls {
  const [search, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseListParams(spec, search), [spec, search]);

  const update = useCallback(
    (change: (current: ListParams) => ListParams, replace = false) =>
      setSearchParams((prev) => writeListParams(spec, change(parseListParams(spec, prev)), prev), {
        replace,
      }),
    [spec, setSearchParams],
  );

  return {
    params,
    spec,
    setPage: useCallback(
      (page: number, options?: { replace?: boolean }) => update((p) => ({ ...p, page }), options?.replace),
      [update],
    ),
    setSort: useCallback(
      (sort: string, order: SortOrder) => update((p) => ({ ...p, sort, order, page: 1 })),
      [update],
    ),
    setSearch: useCallback(
      (q: string) =>
        // Starting or clearing a search is a step Back returns to; refining it is not.
        update((p) => ({ ...p, q, page: 1 }), params.q !== '' && q !== ''),
      [update, params.q],
    ),
    setFilter: useCallback(
      (name: string, value: string) =>
        update((p) => ({ ...p, filters: { ...p.filters, [name]: value }, page: 1 })),
      [update],
    ),
  };
}
