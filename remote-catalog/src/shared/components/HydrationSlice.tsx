import { Suspense, type ReactNode } from 'react';

/**
 * A Suspense boundary nothing suspends in. On a page the server rendered, React hydrates and
 * commits what is inside as a piece of work of its own, after the rest, instead of the whole page
 * in one long task on a phone's CPU (docs/product.md#first-paint). Elsewhere it costs nothing.
 */
export function HydrationSlice({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
