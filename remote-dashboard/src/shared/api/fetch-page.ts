import { ApiError, authHeader, getAppConfig } from 'shared-auth';

/** One page of a list endpoint and its total (the API sends the total in X-Total-Count). */
export interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * For lists paged on the server (the audit log grows without bound, so the dashboard does not read
 * it whole like fetchAllPages). apiRequest does not expose headers, hence this small fetch.
 */
export async function fetchPage<T>(path: string, page: number, limit: number): Promise<Page<T>> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  const res = await fetch(`${getAppConfig().apiUrl}${path}?${query.toString()}`, {
    headers: await authHeader(),
  });
  const data = (await res.json().catch(() => ({}))) as T[] | { error?: string; message?: string };
  if (!res.ok || !Array.isArray(data)) {
    const err = Array.isArray(data) ? {} : data;
    throw new ApiError(
      res.status,
      err.error ?? 'http_error',
      err.message ?? `Request failed (${res.status})`,
    );
  }
  return { rows: data, total: Number(res.headers.get('x-total-count') ?? data.length) };
}
