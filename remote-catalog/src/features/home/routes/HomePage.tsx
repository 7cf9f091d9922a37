import '../../../shared/federation-probe';
import { queryClient } from 'shared-auth';
import { BrandStrip } from '../../brands/components/BrandStrip';
import { categoriesQueryOptions } from '../../brands/api/get-categories';

/** Starts the brand list fetch while the route resolves, so the page paints with it. */
export function loader() {
  void queryClient.prefetchQuery(categoriesQueryOptions());
  return null;
}

export default function HomePage() {
  return (
    <div data-testid="catalog-home">
      <BrandStrip />
    </div>
  );
}
