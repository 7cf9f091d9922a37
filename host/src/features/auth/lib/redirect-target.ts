/** What RequireAuth leaves in the location state when it sends a visitor to /login. */
export interface RedirectState {
  from?: { pathname?: string; search?: string; hash?: string };
}

// Pages that would bounce the user straight back to a form they just completed.
const AUTH_PAGES = new Set(['/login', '/register', '/forgot']);

/** SPEC §2: after login the user returns to the remembered page, or / when there is none. */
export function redirectTarget(state: unknown): string {
  const from = (state as RedirectState | null | undefined)?.from;
  const pathname = from?.pathname;
  if (!pathname || !pathname.startsWith('/') || pathname.startsWith('//') || AUTH_PAGES.has(pathname))
    return '/';
  return `${pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
