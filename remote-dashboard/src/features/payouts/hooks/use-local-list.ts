import { useCallback, useMemo, useState } from 'react';
import type { ListControls } from '@/shared/hooks/use-list-params';
import { parseListParams, type ListParams, type ListSpec, type SortOrder } from '@/shared/lib/list-params';

/**
 * List controls kept in the component, not the URL: for a second, short list on a page whose URL
 * already holds the main list's page (the seller's payouts beside the statement).
 */
export function useLocalList(spec: ListSpec): ListControls {
  const [params, setParams] = useState<ListParams>(() => parseListParams(spec, new URLSearchParams()));
  const setPage = useCallback((page: number) => setParams((p) => ({ ...p, page })), []);
  const setSort = useCallback(
    (sort: string, order: SortOrder) => setParams((p) => ({ ...p, sort, order, page: 1 })),
    [],
  );
  const setSearch = useCallback((q: string) => setParams((p) => ({ ...p, q, page: 1 })), []);
  const setFilter = useCallback(
    (name: string, value: string) =>
      setParams((p) => ({ ...p, filters: { ...p.filters, [name]: value }, page: 1 })),
    [],
  );
  return useMemo(
    () => ({ params, spec, setPage, setSort, setSearch, setFilter }),
    [params, spec, setPage, setSort, setSearch, setFilter],
  );
}
