import type { CheckedExposes } from 'shared-contracts/remote-modules';
import type * as DashboardApp from '@/app/DashboardApp';

/**
 * The file rspack.config.mjs exposes, checked against the props the host mounts it with
 * (shared-contracts/src/remote-modules.ts): a module that starts needing a prop fails
 * `pnpm typecheck` here. Types only.
 */
export type DashboardExposes = CheckedExposes<'dashboard', { './DashboardApp': typeof DashboardApp }>;
