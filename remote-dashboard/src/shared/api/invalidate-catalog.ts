import type { QueryClient } from '@tanstack/react-query';

// The catalog remote caches listings in the page's one QueryClient under these keys (SPEC §7
// paths). A listing added, removed or advertised here would otherwise stay stale there for the
// 5-minute staleTime when the user goes back to the shop.
const CATALOG_KEYS = [['get-advertise'], ['recent-product'], ['category-products'], ['details']];

export const invalidateCatalog = (queryClient: QueryClient) =>
  Promise.all(CATALOG_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
