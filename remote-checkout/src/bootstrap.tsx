import { renderStandalone } from 'web-kit/dev-shell';
import PaymentSuccessPage from '@/features/payment-result/routes/PaymentSuccessPage';
import PaymentFailPage from '@/features/payment-result/routes/PaymentFailPage';
import { IntentPlayground } from '@/app/IntentPlayground';

void renderStandalone('checkout', [
  { path: 'intents', element: <IntentPlayground /> },
  { path: 'payment/success', element: <PaymentSuccessPage /> },
  { path: 'payment/fail', element: <PaymentFailPage /> },
  { path: 'cancel', element: <PaymentFailPage /> },
]);
