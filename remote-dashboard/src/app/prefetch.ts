import type { QueryClient } from '@tanstack/react-query';
import { useAuthStore, type AuthState } from 'shared-auth';
import type { Role } from 'shared-contracts/users';
import { adminsQueryOptions } from '../features/admins/api/admins';
import { auditLogQueryOptions } from '../features/audit/api/get-audit-log';
import { myBuyersQueryOptions } from '../features/buyers/api/get-my-buyers';
import { myOrdersQueryOptions } from '../features/orders/api/get-my-orders';
import { categoriesQueryOptions } from '../features/products/api/get-categories';
import { myProductsQueryOptions } from '../features/products/api/get-my-products';
import { reportsQueryOptions } from '../features/reports/api/get-reports';
import { dashboardSummaryQueryOptions } from '../features/summary/api/get-dashboard-summary';
import { usersQueryOptions } from '../features/users/api/get-users';

type Prefetch = (queryClient: QueryClient, email: string) => Promise<void>;

/**
 * What each dashboard page reads first, with the same queryOptions its component uses. Only the
 * roles the page's gate admits: a prefetch must never ask the API for another role's data.
 */
const PAGE_DATA: Record<string, { roles: readonly Role[]; prefetch: Prefetch }> = {
  '': {
    roles: ['admin', 'seller', 'buyer'],
    prefetch: (qc, email) => qc.prefetchQuery(dashboardSummaryQueryOptions(email)),
  },
  'users/all-seller': { roles: ['admin'], prefetch: (qc) => qc.prefetchQuery(usersQueryOptions('seller')) },
  'users/all-buyer': { roles: ['admin'], prefetch: (qc) => qc.prefetchQuery(usersQueryOptions('buyer')) },
  'users/admins': { roles: ['admin'], prefetch: (qc) => qc.prefetchQuery(adminsQueryOptions()) },
  'audit-log': { roles: ['admin'], prefetch: (qc) => qc.prefetchQuery(auditLogQueryOptions(1)) },
  'reported-items': { roles: ['admin'], prefetch: (qc) => qc.prefetchQuery(reportsQueryOptions('open')) },
  'add-products': { roles: ['seller'], prefetch: (qc) => qc.prefetchQuery(categoriesQueryOptions()) },
  'my-products': {
    roles: ['seller'],
    prefetch: (qc, email) => qc.prefetchQuery(myProductsQueryOptions(email)),
  },
  'my-buyers': { roles: ['seller'], prefetch: (qc, email) => qc.prefetchQuery(myBuyersQueryOptions(email)) },
  'my-orders': { roles: ['buyer'], prefetch: (qc, email) => qc.prefetchQuery(myOrdersQueryOptions(email)) },
};

/** Resolves with the signed-in user's e-mail and role once known, or null (signed out, no profile, timeout). */
export function whenRoleKnown(timeoutMs = 15_000): Promise<{ email: string; role: Role } | null> {
  const decide = (s: AuthState): { email: string; role: Role } | null | undefined => {
    if (s.loading) return undefined;
    if (!s.user?.email) return null;
    if (s.roleStatus === 'ready' && s.role) return { email: s.user.email, role: s.role };
    if (s.roleStatus === 'missing' || s.roleStatus === 'error') return null;
    return undefined;
  };
  const now = decide(useAuthStore.getState());
  if (now !== undefined) return Promise.resolve(now);
  return new Promise((resolve) => {
    const finish = (value: { email: string; role: Role } | null) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(value);
    };
    const unsubscribe = useAuthStore.subscribe((s) => {
      const answer = decide(s);
      if (answer !== undefined) finish(answer);
    });
    const timer = setTimeout(() => finish(null), timeoutMs);
  });
}

/**
 * Starts the page's queries while its code chunk downloads (the route loader calls this without
 * waiting, so navigation is never held up). prefetchQuery never throws; a failure is left for
 * the page's own query to show.
 */
export async function prefetchDashboardPage(pathname: string, queryClient: QueryClient): Promise<void> {
  const page = pathname.replace(/^\/dashboard\/?/, '').replace(/\/$/, '');
  const entry = PAGE_DATA[page];
  if (!entry) return;
  const session = await whenRoleKnown();
  if (!session || !entry.roles.includes(session.role)) return;
  await entry.prefetch(queryClient, session.email);
}
