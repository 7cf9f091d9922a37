import { renderStandalone } from 'web-kit/dev-shell';
import HomePage, { loader as homeLoader } from '@/app/routes/HomePage';
import CategoryPage, { loader as categoryLoader } from '@/app/routes/CategoryPage';
import DetailsPage, { loader as detailsLoader } from '@/features/details/routes/DetailsPage';
import SellerPage, { loader as sellerLoader } from '@/features/sellers/routes/SellerPage';

void renderStandalone('catalog', [
  { path: '/', element: <HomePage />, loader: homeLoader },
  { path: '/category/products/:id', element: <CategoryPage />, loader: categoryLoader },
  { path: '/details/:id', element: <DetailsPage />, loader: detailsLoader },
  { path: '/sellers/:id', element: <SellerPage />, loader: sellerLoader },
]);
