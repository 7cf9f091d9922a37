/** What RequireAuth leaves in the location state when it sends a visitor to /login. */
export interface RedirectState {
  from?: { pathname?: string; search?: string; hash?: string };
}

// Pages that would bounce the user straight back to a form they just completed.
const AUTH_PAGES = new Set(['/login', '/register', '/forgot']);

/**
 * The page a server redirect remembered in `?from=` (the server cannot set history state), as the
 * same shape RequireAuth leaves.
 */
function fromQuery(search: string): RedirectState['from'] | undefined {
  const raw = new URLSearchParams(search).get('from');
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return undefined;
  const url = new URL(raw, 'http://x');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** docs/product.md#sign-in: after login the user returns to the remembered page, or / when there is none. */
export function redirectTarget(state: unknown, search = ''): string {
  const from = (state as RedirectState | null | undefined)?.from ?? fromQuery(search);
  const pathname = from?.pathname;
  if (!pathname || !pathname.startsWith('/') || pathname.startsWith('//') || AUTH_PAGES.has(pathname))
    return '/';
  return `${pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
