import { renderStandalone } from 'shared-auth/dev-shell';
import PaymentFailPage from './features/payment-result/routes/PaymentFailPage';

void renderStandalone('checkout', [
  { path: 'payment/fail', element: <PaymentFailPage /> },
  { path: 'cancel', element: <PaymentFailPage /> },
]);
