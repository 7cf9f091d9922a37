import type { Role } from 'shared-contracts/users';

/** A dashboard page: where it lives, who may open it, and its drawer link if it has one. */
export interface DashboardPage {
  /** Under /dashboard/; '' is the dashboard's home. */
  path: string;
  roles: readonly Role[];
  /** The drawer's link text; pages without one are reached from another page. */
  menuLabel?: string;
}

/**
 * Every dashboard page, once (docs/product.md#dashboard): the routes, their role gates, the route
 * prefetch and the drawer's links all read this table. Within a role the drawer keeps this order.
 */
export const DASHBOARD_PAGES = {
  home: { path: '', roles: ['admin', 'seller', 'buyer'] },
  allSellers: { path: 'users/all-seller', roles: ['admin'], menuLabel: 'All Sellers' },
  allBuyers: { path: 'users/all-buyer', roles: ['admin'], menuLabel: 'All Buyers' },
  reportedItems: { path: 'reported-items', roles: ['admin'], menuLabel: 'Reported Items' },
  // Verified devices (docs/product.md#verified-devices): photos, serials and codes to decide.
  deviceVerifications: { path: 'device-verifications', roles: ['admin'], menuLabel: 'Device verifications' },
  // Moderation (docs/product.md#moderation): held listings to approve or refuse, and the word list
  // the automatic check reads, reached from the queue's page.
  moderation: { path: 'moderation', roles: ['admin'], menuLabel: 'Listings to review' },
  moderationWords: { path: 'moderation/words', roles: ['admin'] },
  admins: { path: 'users/admins', roles: ['admin'], menuLabel: 'Admins' },
  auditLog: { path: 'audit-log', roles: ['admin'], menuLabel: 'Audit log' },
  // The money's operators (docs/product.md#money): disputes to decide, payouts to send, the totals.
  // An operator reviews a dispute at disputes/review/:id; disputes/:id is its buyer's and seller's page.
  disputes: { path: 'disputes', roles: ['admin'], menuLabel: 'Disputes' },
  disputeReview: { path: 'disputes/review/:id', roles: ['admin'] },
  payoutRequests: { path: 'payout-requests', roles: ['admin'], menuLabel: 'Payouts' },
  money: { path: 'money', roles: ['admin'], menuLabel: 'Money' },
  addProducts: { path: 'add-products', roles: ['seller'], menuLabel: 'Add a Products' },
  myProducts: { path: 'my-products', roles: ['seller'], menuLabel: 'My Products' },
  // A listing posted without specs is completed here, from its row in My Products.
  completeSpecs: { path: 'my-products/:id/specs', roles: ['seller'] },
  myBuyers: { path: 'my-buyers', roles: ['seller'], menuLabel: 'My Buyers' },
  // Bargaining (docs/product.md#offers): the seller answers offers, the buyer follows theirs.
  offersReceived: { path: 'offers-received', roles: ['seller'], menuLabel: 'Offers on my listings' },
  payouts: { path: 'payouts', roles: ['seller'], menuLabel: 'Earnings & payouts' },
  myOrders: { path: 'my-orders', roles: ['buyer'], menuLabel: 'My Orders' },
  myOffers: { path: 'my-offers', roles: ['buyer'], menuLabel: 'My offers' },
  // Conversations about a listing (docs/product.md#conversations): every role has an inbox.
  messages: { path: 'messages', roles: ['admin', 'seller', 'buyer'], menuLabel: 'Messages' },
  thread: { path: 'messages/:id', roles: ['admin', 'seller', 'buyer'] },
  // The people one blocked from a conversation (docs/product.md#blocking), reached from Messages.
  blockedPeople: { path: 'blocked-people', roles: ['seller', 'buyer'] },
  reviews: { path: 'reviews', roles: ['buyer', 'seller'], menuLabel: 'Reviews' },
  saved: { path: 'saved', roles: ['buyer'], menuLabel: 'Saved' },
  // Searches kept with the search page's "Save this search" (docs/product.md#saved-searches).
  savedSearches: { path: 'saved-searches', roles: ['buyer'], menuLabel: 'Saved searches' },
  // One dispute about a paid order (docs/product.md#money), for its buyer, its seller and the
  // operators; reached from the order's "View the dispute" and the operators' queue.
  disputeDetail: { path: 'disputes/:id', roles: ['buyer', 'seller', 'admin'] },
} as const satisfies Record<string, DashboardPage>;

export type DashboardPageName = keyof typeof DASHBOARD_PAGES;

/** The page's address, with an optional list view (filters, sort) in its query string. */
export function dashboardHref(name: DashboardPageName, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  const path = DASHBOARD_PAGES[name].path;
  return `/dashboard${path ? `/${path}` : ''}${search ? `?${search}` : ''}`;
}

/** The page at a URL's path (under /dashboard), if any. */
export function dashboardPageAt(pathname: string): DashboardPageName | undefined {
  const path = pathname.replace(/^\/dashboard\/?/, '').replace(/\/$/, '');
  return (Object.keys(DASHBOARD_PAGES) as DashboardPageName[]).find(
    (name) => DASHBOARD_PAGES[name].path === path,
  );
}

/** A dispute's page (its id is in the path, which dashboardHref does not fill). */
export const disputeHref = (id: string) => `/dashboard/disputes/${encodeURIComponent(id)}`;

/** The pages with a drawer link (their texts are the dashboard's messages `menu.pages.<name>`). */
export type MenuPageName = {
  [K in DashboardPageName]: (typeof DASHBOARD_PAGES)[K] extends { menuLabel: string } ? K : never;
}[DashboardPageName];

const hasMenuLink = (name: DashboardPageName): name is MenuPageName => 'menuLabel' in DASHBOARD_PAGES[name];

/** The drawer's links for a role, in the table's order; `label` is the English one. */
export function menuLinks(role: Role): { name: MenuPageName; label: string; to: string }[] {
  return (Object.keys(DASHBOARD_PAGES) as DashboardPageName[]).flatMap((name) => {
    const page: DashboardPage = DASHBOARD_PAGES[name];
    return hasMenuLink(name) && page.menuLabel && page.roles.includes(role)
      ? [{ name, label: page.menuLabel, to: dashboardHref(name) }]
      : [];
  });
}
