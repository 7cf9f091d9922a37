import { lazy, Suspense } from 'react';
import { Button } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useAuthStore } from 'runtime-kernel';
import { useT } from '@/shared/i18n';

const SaveSearchButton = lazy(() => import('./SaveSearchButton'));

/**
 * "Save this search" (docs/product.md#saved-searches). A buyer's button and its texts are fetched
 * after the page, so the search page's first load does not carry them; a signed-out visitor (the
 * first load the budget measures, e2e/byte-budget.ts) gets only an invitation to sign in, which
 * brings them back here; sellers and operators do not shop and get nothing.
 */
export function SaveSearchSlot() {
  const t = useT();
  // null: signed out; otherwise the role, '' while the profile is still asked for.
  const role = useAuthStore((s) => (s.user ? (s.role ?? '') : null));
  const navigate = useNavigate();
  const location = useLocation();
  if (role === null)
    return (
      <Button
        variant="light"
        size="sm"
        onClick={() => void navigate('/login', { state: { from: location } })}
      >
        {t('search.saveSignIn')}
      </Button>
    );
  return (
    role === 'buyer' && (
      <Suspense>
        <SaveSearchButton />
      </Suspense>
    )
  );
}
