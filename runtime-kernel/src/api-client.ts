import {
  childSpan,
  formatTraceparent,
  parseTraceparent,
  startTrace,
  type TraceContext,
} from 'web-server/trace-context';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_WRITE_METHODS } from 'shared-contracts/idempotency';
import { getAppConfig } from './config';
import { currentRequestScope } from './request-scope';
import { currentFirebaseUser } from './auth-operations';
import { useAuthStore } from './auth-store';
import { kernelText } from './kernel-texts';

/** An API answer that was not 2xx, carrying the server's `{ error, message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Attach the Firebase ID token (refreshed by Firebase when near expiry). */
  auth?: boolean;
  signal?: AbortSignal;
  /**
   * A write's Idempotency-Key: one per user action. Left out, each call makes its own and reuses it
   * for its retries; a caller that repeats an action itself (a Retry button) passes the first one.
   */
  idempotencyKey?: string;
}

/** 128 random bits as hex: crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A keyed write is resent after these: the connection broke or a proxy found no API (the write may
 * or may not have run; the key makes the second try safe), or another API process still runs it.
 */
const WRITE_RETRY_DELAYS_MS = [300, 1000];
const resendable = (status: number, code: string | undefined) =>
  status === 502 ||
  status === 503 ||
  status === 504 ||
  (status === 409 && code === 'idempotency_key_in_progress');

export async function authHeader(): Promise<Record<string, string>> {
  // Nobody signed in (no hint, no Firebase session reported): no token, and no Firebase to load.
  if (!useAuthStore.getState().user) return {};
  const user = await currentFirebaseUser();
  if (!user) return {};
  return { Authorization: `Bearer ${await user.getIdToken()}` };
}

// A browser page whose configuration names no trace (a remote's standalone dev page) starts one.
let pageTraceOfItsOwn: TraceContext | undefined;

/**
 * The trace this call belongs to, as the header of a new span: the page's (from its configuration,
 * per request on the server), so one id follows a visit from the host's server through the API.
 */
export function nextTraceparent(): string {
  const page =
    parseTraceparent(getAppConfig().traceparent) ??
    (currentRequestScope() ? startTrace() : (pageTraceOfItsOwn ??= startTrace()));
  return formatTraceparent(childSpan(page));
}

/** One page of a list endpoint: its rows and the total the API sends in `X-Total-Count`. */
export interface ApiPage<T> {
  rows: T[];
  total: number;
}

/** GET and friends: the parsed JSON body, or an ApiError carrying the server's `{ error, message }`. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await send<T>(path, options)).data;
}

/**
 * A list endpoint's page with its total (docs/product.md, dashboard lists): the body stays the
 * plain array the original client expects, the total travels in the `X-Total-Count` header. Added
 * in host contract 1.1 (docs/releases.md): a remote that calls it needs a host built with it.
 */
export async function apiRequestPage<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiPage<T>> {
  const { data, headers, status } = await send<unknown>(path, options);
  if (!Array.isArray(data)) throw new ApiError(status, 'not_a_list', kernelText('api.notAList'));
  const header = headers.get('x-total-count');
  const total = header === null ? NaN : Number(header);
  return { rows: data as T[], total: Number.isInteger(total) && total >= 0 ? total : data.length };
}

// The one place that talks to the API, so both entry points share the token, body encoding and
// error handling.
async function send<T>(
  path: string,
  options: ApiRequestOptions,
): Promise<{ data: T; headers: Headers; status: number }> {
  const headers: Record<string, string> = {
    ...(options.auth ? await authHeader() : {}),
    // The API says its refusals in the page's language, not the browser's (api/src/lib/error-messages.ts).
    'Accept-Language': useAuthStore.getState().language,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const method = options.method ?? 'GET';
  // traceparent is not a CORS-safelisted header: on a browser's plain GET it would add a preflight
  // (one more round trip per URL) to a request that needs none today. The server's renderer and
  // every call that is preflighted anyway (signed in, a JSON body, a write) carry it.
  const preflightedAnyway =
    currentRequestScope() !== undefined ||
    options.auth ||
    headers['Content-Type'] !== undefined ||
    method !== 'GET';
  if (preflightedAnyway) headers.traceparent = nextTraceparent();
  const keyed = IDEMPOTENT_WRITE_METHODS.has(method);
  if (keyed) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey ?? newIdempotencyKey();
  const url = `${getAppConfig().apiUrl}${path}`;
  let res: Response;
  let data: unknown;
  for (let attempt = 0; ; attempt++) {
    const last = !keyed || attempt >= WRITE_RETRY_DELAYS_MS.length;
    try {
      res = await fetch(url, { method, headers, body, signal: options.signal });
    } catch (error) {
      if (last || options.signal?.aborted) throw error;
      await pause(WRITE_RETRY_DELAYS_MS[attempt]!);
      continue;
    }
    const text = await res.text();
    data = text ? safeJson(text) : undefined;
    if (last || !resendable(res.status, (data as { error?: string } | undefined)?.error)) break;
    await pause(WRITE_RETRY_DELAYS_MS[attempt]!);
  }
  if (!res.ok) {
    const err = (data ?? {}) as { error?: string; message?: string };
    throw new ApiError(
      res.status,
      err.error ?? 'http_error',
      err.message ?? kernelText('api.requestFailed', { status: res.status }),
    );
  }
  return { data: data as T, headers: res.headers, status: res.status };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
