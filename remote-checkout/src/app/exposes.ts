import type { CheckedExposes } from 'shared-contracts/remote-modules';
import type * as PaymentFailPage from '@/features/payment-result/routes/PaymentFailPage';
import type * as PaymentSuccessPage from '@/features/payment-result/routes/PaymentSuccessPage';
import type * as CheckoutIntentHost from '@/app/CheckoutIntentHost';

/**
 * The files rspack.config.mjs exposes, checked against the props the host mounts them with
 * (shared-contracts/src/remote-modules.ts): a module that starts needing a prop, or a contract
 * entry without its file, fails `pnpm typecheck` here. Types only.
 */
export type CheckoutExposes = CheckedExposes<
  'checkout',
  {
    './PaymentFailPage': typeof PaymentFailPage;
    './PaymentSuccessPage': typeof PaymentSuccessPage;
    './CheckoutIntentHost': typeof CheckoutIntentHost;
  }
>;
