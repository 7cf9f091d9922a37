import type { QueryClient } from '@tanstack/react-query';
import type { StoreApi } from 'zustand';
import type { AuthState } from './auth-store';
import type { AppConfig } from './config';

/**
 * What belongs to one page request on the server. In the browser there is one page, so the
 * store, QueryClient and configuration are module singletons; a server renders many requests at
 * once in one process, so there each request brings its own and the renderer says which one is
 * current (it keeps them in AsyncLocalStorage: Node-only code this package must not import, or
 * the browser bundle would carry it).
 */
export interface RequestScope {
  authStore: StoreApi<AuthState>;
  queryClient: QueryClient;
  config: AppConfig;
}

let resolveScope: (() => RequestScope | undefined) | undefined;

/** Called once by the server renderer; never in a browser. */
export function setRequestScopeResolver(resolver: () => RequestScope | undefined): void {
  resolveScope = resolver;
}

export function currentRequestScope(): RequestScope | undefined {
  return resolveScope?.();
}
