import type { CheckedExposes } from 'shared-contracts/remote-modules';
import type * as HomePage from '@/app/routes/HomePage';
import type * as CategoryPage from '@/app/routes/CategoryPage';
import type * as DetailsPage from '@/features/details/routes/DetailsPage';
import type * as SearchPage from '@/features/search/routes/SearchPage';
import type * as SellerPage from '@/features/sellers/routes/SellerPage';

/**
 * The files rspack.config.mjs exposes, checked against the props the host mounts them with
 * (shared-contracts/src/remote-modules.ts): a page that starts needing a prop, or a contract entry
 * without its file, fails `pnpm typecheck` here. Types only.
 */
export type CatalogExposes = CheckedExposes<
  'catalog',
  {
    './HomePage': typeof HomePage;
    './CategoryPage': typeof CategoryPage;
    './DetailsPage': typeof DetailsPage;
    './SearchPage': typeof SearchPage;
    './SellerPage': typeof SellerPage;
  }
>;
