import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthStore } from 'runtime-kernel';
import { FullScreenLoader } from '@/shared/components/FullScreenLoader';
import { useT } from '@/shared/i18n';

/**
 * docs/product.md#sign-in login guard: the full-screen loader while the auth state loads, then /login for a
 * signed-out visitor with the page they wanted remembered (LoginPage sends them back to it).
 * Works as a layout route (renders the matched child) or around an element.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const t = useT();
  const user = useAuthStore((s) => s.user);
  const loading = useAuthStore((s) => s.loading);
  const location = useLocation();

  if (loading) return <FullScreenLoader label={t('layout.checkingSignIn')} />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return children ?? <Outlet />;
}
