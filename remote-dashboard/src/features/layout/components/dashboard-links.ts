import type { Role } from 'shared-contracts/users';
import { menuLinks, type MenuPageName } from '@/shared/lib/dashboard-pages';

export interface DashboardLink {
  name: MenuPageName;
  label: string;
  to: string;
}

/** docs/product.md#dashboard: the drawer's links depend on the role of the signed-in user's profile. */
export const DASHBOARD_LINKS: Record<Role, DashboardLink[]> = {
  admin: menuLinks('admin'),
  seller: menuLinks('seller'),
  buyer: menuLinks('buyer'),
};
