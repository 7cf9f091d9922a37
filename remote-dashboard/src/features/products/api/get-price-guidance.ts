import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { PriceGuidance, PriceGuidanceQuery } from 'shared-contracts/price-guidance';

/** GET /price-guidance: asking prices of listings comparable to what the seller has typed so far. */
export const getPriceGuidance = (query: PriceGuidanceQuery) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return apiRequest<PriceGuidance>(`/price-guidance?${params}`, { auth: true });
};

// Keyed by the query alone: the answer is the same for every signed-in seller. The previous
// answer stays on screen while the next loads, so the panel does not flicker as the seller types.
export const priceGuidanceQueryOptions = (query: PriceGuidanceQuery | null) =>
  queryOptions({
    queryKey: ['price-guidance', query],
    queryFn: () => getPriceGuidance(query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const usePriceGuidance = (query: PriceGuidanceQuery | null) =>
  useQuery(priceGuidanceQueryOptions(query));
