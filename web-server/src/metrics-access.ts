// Who may read /metrics, and the conventions every server's metrics share (docs/decisions/0051-metrics.md).
// Only Node's crypto: the API bundles this very file (api/build.mjs), as it does trace-context.ts.
import { createHash, timingSafeEqual } from 'node:crypto';

export const METRICS_PATH = '/metrics';
/** The route label of a request no route matched: the raw URL would make one series per probe. */
export const UNMATCHED_ROUTE = 'unmatched';
/** A catalogue hit answers in well under a millisecond; a slow page in seconds. */
export const LATENCY_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/** The socket's own peer, never X-Forwarded-For: a remote caller can write any header it likes. */
export function isLoopback(address: string | undefined): boolean {
  return address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address ?? '');
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the Authorization header carries `token`, compared in constant time. */
export function carriesToken(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) return false;
  // Equal-length digests: the comparison's time says nothing about the token's length or prefix.
  return timingSafeEqual(digest(match[1]), digest(token));
}
