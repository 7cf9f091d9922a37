import type { Role } from 'shared-contracts/users';

export interface DashboardLink {
  label: string;
  to: string;
}

/** SPEC §2: the drawer's links depend on the role of the signed-in user's profile. */
export const DASHBOARD_LINKS: Record<Role, DashboardLink[]> = {
  admin: [
    { label: 'All Sellers', to: '/dashboard/users/all-seller' },
    { label: 'All Buyers', to: '/dashboard/users/all-buyer' },
    { label: 'Reported Items', to: '/dashboard/reported-items' },
    { label: 'Admins', to: '/dashboard/users/admins' },
    { label: 'Audit log', to: '/dashboard/audit-log' },
  ],
  seller: [
    { label: 'Add a Products', to: '/dashboard/add-products' },
    { label: 'My Products', to: '/dashboard/my-products' },
    { label: 'My Buyers', to: '/dashboard/my-buyers' },
  ],
  buyer: [{ label: 'My Orders', to: '/dashboard/my-orders' }],
};
