import '@/shared/federation-probe';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Route, Routes, type LoaderFunctionArgs } from 'react-router';
import { getQueryClient, RoleGate } from 'runtime-kernel';
import type { Role } from 'shared-contracts/users';
import { DashboardLayout } from '@/features/layout/components/DashboardLayout';
import { DashboardNotFound } from '@/features/layout/components/DashboardNotFound';
import { DASHBOARD_PAGES, type DashboardPageName } from '@/shared/lib/dashboard-pages';
import { prefetchDashboardPage } from './prefetch';
import { useT } from '@/shared/i18n';

// One chunk per page, loaded only once the role gate lets the user in: a buyer never downloads
// the admin screens, and the first dashboard paint waits for one page, not seven.
const DashboardHome = lazy(() => import('@/features/summary/routes/DashboardHome'));
const AllSellersPage = lazy(() =>
  import('@/features/users/routes/UsersPage').then((m) => ({ default: m.AllSellersPage })),
);
const AllBuyersPage = lazy(() =>
  import('@/features/users/routes/UsersPage').then((m) => ({ default: m.AllBuyersPage })),
);
const AdminsPage = lazy(() => import('@/features/users/routes/AdminsPage'));
const AuditLogPage = lazy(() => import('@/features/audit/routes/AuditLogPage'));
const DisputesPage = lazy(() => import('@/features/disputes/routes/DisputesPage'));
const DisputeReviewPage = lazy(() => import('@/features/disputes/routes/DisputeReviewPage'));
const PayoutRequestsPage = lazy(() => import('@/features/payout-requests/routes/PayoutRequestsPage'));
const MoneyPage = lazy(() => import('@/features/money/routes/MoneyPage'));
const PayoutsPage = lazy(() => import('@/features/payouts/routes/PayoutsPage'));
const ReportedItemsPage = lazy(() => import('@/features/reports/routes/ReportedItemsPage'));
const DeviceVerificationsPage = lazy(() => import('@/features/verifications/routes/DeviceVerificationsPage'));
const ModerationQueuePage = lazy(() => import('@/features/moderation/routes/ModerationQueuePage'));
const ModerationWordsPage = lazy(() => import('@/features/moderation-words/routes/ModerationWordsPage'));
const AddProductPage = lazy(() => import('@/features/products/routes/AddProductPage'));
const MyProductsPage = lazy(() => import('@/features/products/routes/MyProductsPage'));
const CompleteSpecsPage = lazy(() => import('@/features/products/routes/CompleteSpecsPage'));
const MyBuyersPage = lazy(() => import('@/features/buyers/routes/MyBuyersPage'));
const MyOrdersPage = lazy(() => import('@/features/orders/routes/MyOrdersPage'));
const MyOffersPage = lazy(() =>
  import('@/features/offers/routes/OffersPage').then((m) => ({ default: m.MyOffersPage })),
);
const OffersReceivedPage = lazy(() =>
  import('@/features/offers/routes/OffersPage').then((m) => ({ default: m.OffersReceivedPage })),
);
const InboxPage = lazy(() => import('@/features/conversations/routes/InboxPage'));
const ThreadPage = lazy(() => import('@/features/conversations/routes/ThreadPage'));
const BlockedPeoplePage = lazy(() => import('@/features/conversations/routes/BlockedPeoplePage'));
const ReviewsPage = lazy(() => import('@/features/reviews/routes/ReviewsPage'));
const SavedPage = lazy(() => import('@/features/saved/routes/SavedPage'));
const SavedSearchesPage = lazy(() => import('@/features/saved-searches/routes/SavedSearchesPage'));
const DisputeDetailPage = lazy(() => import('@/features/dispute-detail/routes/DisputeDetailPage'));

const PAGE_COMPONENTS: Record<DashboardPageName, ComponentType> = {
  home: DashboardHome,
  allSellers: AllSellersPage,
  allBuyers: AllBuyersPage,
  reportedItems: ReportedItemsPage,
  deviceVerifications: DeviceVerificationsPage,
  moderation: ModerationQueuePage,
  moderationWords: ModerationWordsPage,
  admins: AdminsPage,
  auditLog: AuditLogPage,
  disputes: DisputesPage,
  disputeReview: DisputeReviewPage,
  payoutRequests: PayoutRequestsPage,
  money: MoneyPage,
  payouts: PayoutsPage,
  addProducts: AddProductPage,
  myProducts: MyProductsPage,
  completeSpecs: CompleteSpecsPage,
  myBuyers: MyBuyersPage,
  myOrders: MyOrdersPage,
  myOffers: MyOffersPage,
  offersReceived: OffersReceivedPage,
  messages: InboxPage,
  thread: ThreadPage,
  blockedPeople: BlockedPeoplePage,
  reviews: ReviewsPage,
  saved: SavedPage,
  savedSearches: SavedSearchesPage,
  disputeDetail: DisputeDetailPage,
};

function PageLoader() {
  const t = useT();
  return (
    <Center mih={240}>
      <Loader aria-label={t('common.loadingPage')} />
    </Center>
  );
}

const only = (roles: readonly Role[], page: ReactNode) => (
  <RoleGate roles={roles}>
    <Suspense fallback={<PageLoader />}>{page}</Suspense>
  </RoleGate>
);

/**
 * The host runs this as the /dashboard/* route loader (on every dashboard URL change): the page's
 * data starts loading beside its chunk. Not awaited, so a slow API never delays the navigation.
 */
export function loader({ request }: LoaderFunctionArgs) {
  void prefetchDashboardPage(new URL(request.url), getQueryClient());
  return null;
}

// Mounted by the host at /dashboard/*: the dashboard owns its sub-routes. The API refuses other
// roles' data; runtime-kernel's RoleGate makes each page say so (and fetch nothing) instead of failing,
// and sends a signed-out visitor to /login remembering the page.
export default function DashboardApp() {
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        {(Object.keys(DASHBOARD_PAGES) as DashboardPageName[]).map((name) => {
          const { path, roles } = DASHBOARD_PAGES[name];
          const Page = PAGE_COMPONENTS[name];
          const element = only(roles, <Page />);
          return path ? (
            <Route key={name} path={path} element={element} />
          ) : (
            <Route key={name} index element={element} />
          );
        })}
        <Route path="*" element={<DashboardNotFound />} />
      </Route>
    </Routes>
  );
}
