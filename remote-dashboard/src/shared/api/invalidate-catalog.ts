import type { QueryClient } from '@tanstack/react-query';
import { catalogListingKeys } from 'web-kit/query-keys';

// The catalog remote caches listings in the page's one QueryClient (docs/product.md#cache-keys). A
// listing added, removed or advertised here would otherwise stay stale there for the 5-minute
// freshness when the user goes back to the shop.
export const invalidateCatalog = (queryClient: QueryClient) =>
  Promise.all(catalogListingKeys().map((queryKey) => queryClient.invalidateQueries({ queryKey })));
