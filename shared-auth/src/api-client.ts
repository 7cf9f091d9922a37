import { getAppConfig } from './config';
import { currentFirebaseUser } from './auth-operations';
import { useAuthStore } from './auth-store';

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
}

export async function authHeader(): Promise<Record<string, string>> {
  // Nobody signed in (no hint, no Firebase session reported): no token, and no Firebase to load.
  if (!useAuthStore.getState().user) return {};
  const user = await currentFirebaseUser();
  if (!user) return {};
  return { Authorization: `Bearer ${await user.getIdToken()}` };
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = options.auth ? await authHeader() : {};
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${getAppConfig().apiUrl}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const err = (data ?? {}) as { error?: string; message?: string };
    throw new ApiError(
      res.status,
      err.error ?? 'http_error',
      err.message ?? `Request failed (${res.status})`,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
