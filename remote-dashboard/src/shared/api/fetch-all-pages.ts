import { apiRequest } from 'shared-auth';

// The API's list endpoints answer bounded pages (shared-contracts/pagination: at most 100 rows,
// total only in a response header that apiRequest does not expose). Dashboard tables sort and
// page on the client, so they read every page until a short one. The numbers are copied rather
// than imported so this remote does not bundle zod for two constants.
export const API_PAGE_SIZE = 100;
const MAX_PAGES = 50;

export async function fetchAllPages<T>(path: string, params: Record<string, string> = {}): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const query = new URLSearchParams({ ...params, page: String(page), limit: String(API_PAGE_SIZE) });
    const batch = await apiRequest<T[]>(`${path}?${query.toString()}`, { auth: true });
    rows.push(...batch);
    if (batch.length < API_PAGE_SIZE) break;
  }
  return rows;
}
