// What the bench's sections share: calls to the API and the Auth Emulator, seed:bulk's arguments,
// percentiles and the catalogue cache's hit rate. Sections import from here and from the process,
// load, report and table helpers, never from one another.
import { Agent, fetch as fetchWith } from 'undici';

/**
 * seed:bulk's arguments for listings alone: the API and load sections measure the catalogue at
 * the sizes they name, as before seed:bulk also made the dashboard's rows.
 */
export const LISTINGS_ONLY = ['buyers', 'bookings', 'payments', 'reports', 'audit'].flatMap((k) => [
  `--${k}`,
  '0',
]);

// A new connection per call: the emulator closes idle connections after a few seconds, and a
// pooled one reused after the seeding's long pause can be closed under the request ("other side
// closed").
const noKeepAlive = new Agent({ pipelining: 0 });

/** Calls the Auth Emulator's REST API (`signUp`, `signInWithPassword`) and returns the ID token. */
export async function emulatorCall(
  emulatorPort: number,
  method: 'signUp' | 'signInWithPassword',
  body: { email: string; password: string },
): Promise<string> {
  const res = await fetchWith(
    `http://127.0.0.1:${emulatorPort}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, returnSecureToken: true }),
      dispatcher: noKeepAlive,
    },
  );
  const json = (await res.json()) as { idToken?: string };
  if (!res.ok || !json.idToken) throw new Error(`${method}: ${JSON.stringify(json)}`);
  return json.idToken;
}

export async function api<T>(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The p-th percentile of ascending `sorted` (0 when empty). */
export const percentile = (sorted: ArrayLike<number>, p: number): number =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) : 0;

/** The catalogue cache's answers to the public reads, by its `X-Cache` header (decision 45). */
export interface CacheCounts {
  HIT: number;
  STALE: number;
  MISS: number;
}

/** Share of cached-route answers not computed for the request (null when none came). */
export const cacheHitRate = (c: CacheCounts) => {
  const n = c.HIT + c.STALE + c.MISS;
  return n === 0 ? null : (c.HIT + c.STALE) / n;
};

/** An autocannon onResponse that counts each answer's `X-Cache` into `cache`. */
export const countCacheInto =
  (cache: CacheCounts) =>
  (_status: number, _body: string, _context: unknown, headers?: Record<string, unknown>) => {
    const status = String(headers?.['x-cache'] ?? '');
    if (status === 'HIT' || status === 'STALE' || status === 'MISS') cache[status]++;
  };
