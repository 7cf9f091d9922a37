import { renderStandalone } from 'shared-auth/dev-shell';
import PaymentSuccessPage from './features/payment-result/routes/PaymentSuccessPage';
import PaymentFailPage from './features/payment-result/routes/PaymentFailPage';

void renderStandalone('checkout', [
  { path: 'payment/success', element: <PaymentSuccessPage /> },
  { path: 'payment/fail', element: <PaymentFailPage /> },
  { path: 'cancel', element: <PaymentFailPage /> },
]);
