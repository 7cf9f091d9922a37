import { lazy, Suspense } from 'react';
import type { Product } from 'shared-contracts/products';

const VerifiedBadge = lazy(() => import('./VerifiedBadge'));

/** The badge of a verified listing, loaded only when one is on the page (docs/product.md#verified-devices). */
export const VerifiedSlot = ({ product, explained }: { product: Product; explained?: boolean }) =>
  product.verifiedDevice && (
    <Suspense>
      <VerifiedBadge checkedAt={product.verifiedDevice.checkedAt} explained={explained} />
    </Suspense>
  );
