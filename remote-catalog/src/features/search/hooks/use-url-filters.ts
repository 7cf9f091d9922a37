import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { FiltersChange } from '../components/SearchFiltersPanel';
import {
  parseSearchFilters,
  serializeSearchFilters,
  type FilterName,
  type SearchFilters,
} from '../lib/search-filters';

/**
 * The page's filters, read from and written to its query string (docs/product.md#search).
 * `fixed` values come from the path (a category page's brand) and never enter the query string.
 */
export function useUrlFilters(fixed: Partial<SearchFilters> = {}): [SearchFilters, FiltersChange] {
  const [params, setParams] = useSearchParams();
  const fixedKey = JSON.stringify(fixed);
  const filters = useMemo(
    () => ({ ...parseSearchFilters(params), ...(JSON.parse(fixedKey) as Partial<SearchFilters>) }),
    [params, fixedKey],
  );
  // Two changes in one tick (a debounced field flushed beside another) build on each other, not
  // on the same stale render.
  const latest = useRef(filters);
  latest.current = filters;
  const change: FiltersChange = (update, mode) => {
    const next = update(latest.current);
    latest.current = next;
    const omit = Object.keys(fixed) as FilterName[];
    // Through the parser again: what reaches the URL is what a reload would read back.
    const canonical = serializeSearchFilters(parseSearchFilters(serializeSearchFilters(next)), omit);
    setParams(canonical, { replace: mode === 'replace', preventScrollReset: true });
  };
  return [filters, change];
}
