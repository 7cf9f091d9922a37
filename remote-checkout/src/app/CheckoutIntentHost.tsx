import '@/shared/federation-probe';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuthStore, useCheckoutIntents } from 'runtime-kernel';
import { BookingModal } from '@/features/booking/components/BookingModal';
import { PaymentStarter } from '@/features/payment-start/components/PaymentStarter';

/**
 * Mounted by the host layout while an intent exists: Book Now opens the booking modal, Buy Now
 * and Pay start a payment. Signed-out visitors are sent to log in and come back here afterwards.
 */
export default function CheckoutIntentHost() {
  const intent = useCheckoutIntents((s) => s.intent);
  const clear = useCheckoutIntents((s) => s.clear);
  const user = useAuthStore((s) => s.user);
  const authLoading = useAuthStore((s) => s.loading);

  if (!intent || authLoading) return null;
  if (!user) return <SendToLogin />;
  if (intent.kind === 'book')
    return <BookingModal key={intent.product._id} product={intent.product} user={user} onClosed={clear} />;
  return <PaymentStarter key={intent.product._id} intent={intent} user={user} />;
}

function SendToLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    useCheckoutIntents.getState().clear();
    // Same convention as the login guard: the login page returns to `state.from` afterwards.
    navigate('/login', { state: { from: location } });
  }, [navigate, location]);
  return null;
}
