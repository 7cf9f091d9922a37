import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useAuthStore } from 'runtime-kernel';
import type { Product } from 'shared-contracts/products';
import { useT } from '@/shared/i18n';
import { listingAllows } from 'shared-contracts/sales-status';

// The question form brings zod (its rule is the API's schema): fetched on the first ask, so the
// pages with this button load without it (docs/decisions/0016-first-load-budget.md).
const AskSellerDialog = lazy(() => import('./AskSellerDialog'));

interface AskSellerButtonProps extends Pick<ButtonProps, 'variant' | 'size' | 'fullWidth'> {
  product: Product;
  /** The viewer's own listing: there is nobody to ask. */
  own: boolean;
}

/**
 * "Ask the seller" (docs/product.md#conversations): a question about this listing starts a
 * conversation, which then lives in the dashboard's Messages — reached by its URL, not by
 * importing the dashboard (docs/decisions/0003-cross-remote-ui-through-intents.md). Not offered
 * on one's own or a sold listing; a signed-out visitor signs in first and comes back here.
 */
export function AskSellerButton({ product, own, ...buttonProps }: AskSellerButtonProps) {
  const t = useT();
  const user = useAuthStore((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();
  const [opened, setOpened] = useState(false);
  // Loaded (with its zod) on the first ask, then kept, as the report dialog is (DetailsPage).
  const [asked, setAsked] = useState(false);
  if (own || !listingAllows(product.status, 'start-conversation')) return null;

  const open = () => {
    if (!user) {
      void navigate('/login', { state: { from: location } });
      return;
    }
    setAsked(true);
    setOpened(true);
  };

  return (
    <>
      <Button
        variant="light"
        onClick={open}
        aria-label={t('conversations.askAbout', { name: product.productName })}
        {...buttonProps}
      >
        {t('conversations.ask')}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <AskSellerDialog product={product} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
