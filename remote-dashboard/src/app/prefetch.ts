import type { QueryClient } from '@tanstack/react-query';
import { useAuthStore, type AuthState } from 'runtime-kernel';
import type { Role } from 'shared-contracts/users';
import type { DisputeState } from '@/features/disputes/api/get-disputes';
import type { PayoutState } from '@/features/payout-requests/api/get-payout-requests';
import { MY_BUYERS_LIST, myBuyersQueryOptions } from '@/features/buyers/api/get-my-buyers';
import { OFFERS_LIST, offersQueryOptions } from '@/features/offers/api/get-offers';
import { MY_ORDERS_LIST, myOrdersQueryOptions } from '@/features/orders/api/get-my-orders';
import { pendingReviewsQueryOptions } from '@/features/reviews/api/get-pending-reviews';
import { reviewsQueryOptions } from '@/features/reviews/api/get-reviews';
import { categoriesQueryOptions } from 'web-kit/api/categories';
import { MY_PRODUCTS_LIST, myProductsQueryOptions } from '@/features/products/api/get-my-products';
import { SAVED_LIST, savedQueryOptions } from '@/features/saved/api/get-saved';
import { balanceQueryOptions } from '@/features/payouts/api/get-balance';
import { dashboardSummaryQueryOptions } from '@/features/summary/api/get-dashboard-summary';
import { conversationsQueryOptions, INBOX_LIST } from '@/features/conversations/api/get-conversations';
import { DASHBOARD_PAGES, dashboardPageAt, type DashboardPageName } from '@/shared/lib/dashboard-pages';
import { parseListParams } from '@/shared/lib/list-params';

// `search` is the URL's query string: a list page prefetches the page, sort and search it shows.
type Prefetch = (queryClient: QueryClient, uid: string, search: URLSearchParams) => Promise<void>;

/**
 * What each dashboard page reads first, with the same queryOptions its component uses. Only for
 * the roles the page admits (DASHBOARD_PAGES): a prefetch must never ask the API for another
 * role's data. A page left out loads its data itself: one whose id is in the path, which
 * dashboardPageAt does not match (a dispute to review, specs to complete, a thread, a dispute's
 * detail), and Blocked people, Device verifications and Listings to review, whose query options stay out of the first
 * load (e2e/byte-budget.ts).
 */
const PAGE_DATA: Partial<Record<DashboardPageName, Prefetch>> = {
  home: (qc, uid) => qc.prefetchQuery(dashboardSummaryQueryOptions(uid)),
  // The operators' pages fetch their query options first: only admins open them, and their code
  // stays out of every other user's first load (e2e/byte-budget.ts).
  allSellers: (qc, _, s) =>
    import('@/features/users/api/get-users').then((m) =>
      qc.prefetchQuery(m.usersQueryOptions('seller', parseListParams(m.USERS_LIST, s))),
    ),
  allBuyers: (qc, _, s) =>
    import('@/features/users/api/get-users').then((m) =>
      qc.prefetchQuery(m.usersQueryOptions('buyer', parseListParams(m.USERS_LIST, s))),
    ),
  admins: (qc, _, s) =>
    import('@/features/users/api/get-admins').then((m) =>
      qc.prefetchQuery(m.adminsQueryOptions(parseListParams(m.ADMINS_LIST, s))),
    ),
  auditLog: (qc, _, s) =>
    import('@/features/audit/api/get-audit-log').then((m) =>
      qc.prefetchQuery(m.auditLogQueryOptions(parseListParams(m.AUDIT_LIST, s))),
    ),
  reportedItems: (qc, _, s) =>
    import('@/features/reports/api/get-reports').then((m) =>
      qc.prefetchQuery(m.reportsQueryOptions(parseListParams(m.REPORTS_LIST, s))),
    ),
  disputes: (qc, _, s) =>
    import('@/features/disputes/api/get-disputes').then((m) =>
      qc.prefetchQuery(
        m.disputesQueryOptions(parseListParams(m.DISPUTES_LIST, s).filters.state as DisputeState),
      ),
    ),
  payoutRequests: (qc, _, s) =>
    import('@/features/payout-requests/api/get-payout-requests').then((m) => {
      const { filters, page } = parseListParams(m.PAYOUT_REQUESTS_LIST, s);
      return qc.prefetchQuery(m.payoutRequestsQueryOptions(filters.state as PayoutState, page));
    }),
  money: (qc) =>
    import('@/features/money/api/get-money-totals').then((m) =>
      qc.prefetchQuery(m.moneyTotalsQueryOptions()),
    ),
  payouts: (qc, uid) => qc.prefetchQuery(balanceQueryOptions(uid)),
  addProducts: (qc) => qc.prefetchQuery(categoriesQueryOptions()),
  myProducts: (qc, uid, s) =>
    qc.prefetchQuery(myProductsQueryOptions(uid, parseListParams(MY_PRODUCTS_LIST, s))),
  myBuyers: (qc, uid, s) => qc.prefetchQuery(myBuyersQueryOptions(uid, parseListParams(MY_BUYERS_LIST, s))),
  myOrders: (qc, uid, s) => qc.prefetchQuery(myOrdersQueryOptions(uid, parseListParams(MY_ORDERS_LIST, s))),
  myOffers: (qc, uid, s) =>
    qc.prefetchQuery(offersQueryOptions(uid, 'buyer', parseListParams(OFFERS_LIST, s))),
  offersReceived: (qc, uid, s) =>
    qc.prefetchQuery(offersQueryOptions(uid, 'seller', parseListParams(OFFERS_LIST, s))),
  messages: (qc, uid, s) => qc.prefetchQuery(conversationsQueryOptions(uid, parseListParams(INBOX_LIST, s))),
  // One page for two roles (the role is known by now: prefetchDashboardPage waited for it).
  reviews: async (qc) => {
    if (useAuthStore.getState().role === 'buyer')
      await Promise.all([
        qc.prefetchQuery(pendingReviewsQueryOptions()),
        qc.prefetchQuery(reviewsQueryOptions('given', 1)),
      ]);
    else await qc.prefetchQuery(reviewsQueryOptions('received', 1));
  },
  saved: (qc, uid, s) => qc.prefetchQuery(savedQueryOptions(uid, parseListParams(SAVED_LIST, s))),
};

/**
 * Resolves with the signed-in user's uid and role once known, or null (signed out, no profile,
 * timeout). The uid, not the e-mail: the session hint gives the uid at once, the e-mail only once
 * Firebase has loaded.
 */
export function whenRoleKnown(timeoutMs = 15_000): Promise<{ uid: string; role: Role } | null> {
  const decide = (s: AuthState): { uid: string; role: Role } | null | undefined => {
    if (s.loading) return undefined;
    if (!s.user?.uid) return null;
    if (s.roleStatus === 'ready' && s.role) return { uid: s.user.uid, role: s.role };
    if (s.roleStatus === 'missing' || s.roleStatus === 'error') return null;
    return undefined;
  };
  const now = decide(useAuthStore.getState());
  if (now !== undefined) return Promise.resolve(now);
  return new Promise((resolve) => {
    const finish = (value: { uid: string; role: Role } | null) => {
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
export async function prefetchDashboardPage(url: URL, queryClient: QueryClient): Promise<void> {
  const page = dashboardPageAt(url.pathname);
  if (!page) return;
  const session = await whenRoleKnown();
  const roles: readonly Role[] = DASHBOARD_PAGES[page].roles;
  if (!session || !roles.includes(session.role)) return;
  await PAGE_DATA[page]?.(queryClient, session.uid, url.searchParams);
}
