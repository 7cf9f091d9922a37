import { Modal, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuthStore, useCheckoutIntents, type CheckoutIntent } from 'runtime-kernel';
import { RemoteModule, RemoteUnavailable, SectionLoader } from '@/lib/federation/RemoteModule';
import { useT } from '@/shared/i18n';

/**
 * Checkout's booking and payment UI, loaded only once a page asks for it (Book Now, Buy Now, Pay).
 * Its code is a few round trips away on a phone, so the press answers at once with the host's own
 * dialog, which checkout's dialog takes the place of when it arrives (docs/product.md#booking-and-payment).
 */
export function CheckoutIntentMount() {
  const intent = useCheckoutIntents((s) => s.intent);
  const signedOut = useAuthStore((s) => !s.user && !s.loading);
  if (!intent) return null;
  if (signedOut) return <SendToLogin />;
  return (
    <RemoteModule
      remote="checkout"
      exposed="./CheckoutIntentHost"
      fallback={<CheckoutOpening kind={intent.kind} />}
      unavailable={(retry) => (
        <CheckoutOpening kind={intent.kind}>
          <RemoteUnavailable remote="checkout" onRetry={retry} />
        </CheckoutOpening>
      )}
    />
  );
}

interface CheckoutOpeningProps {
  kind: CheckoutIntent['kind'];
  /** What the dialog says instead of loading: checkout could not be loaded. */
  children?: ReactNode;
}

function CheckoutOpening({ kind, children }: CheckoutOpeningProps) {
  const t = useT();
  return (
    <Modal
      opened
      onClose={() => useCheckoutIntents.getState().clear()}
      centered
      // The size of the dialog that takes its place, so nothing jumps when it does.
      size={kind === 'book' ? 'lg' : 'sm'}
      title={<Text fw={700}>{t(`checkoutOpening.${kind}`)}</Text>}
      closeButtonProps={{ 'aria-label': t('checkoutOpening.close') }}
      data-testid="checkout-opening"
    >
      {children ?? <SectionLoader />}
    </Modal>
  );
}

/**
 * A signed-out visitor goes to log in at once and comes back to this page afterwards (the login
 * page returns to `state.from`), as checkout's own code would send them, without waiting for it.
 */
function SendToLogin() {
  const location = useLocation();
  useEffect(() => useCheckoutIntents.getState().clear(), []);
  return <Navigate to="/login" state={{ from: location }} />;
}
