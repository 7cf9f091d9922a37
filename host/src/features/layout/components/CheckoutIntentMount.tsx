import { Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
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
  if (!intent) return null;
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
  const user = useAuthStore((s) => s.user);
  const authLoading = useAuthStore((s) => s.loading);
  // A signed-out visitor is sent to log in by checkout's code, with no dialog on the way.
  if (!user && !authLoading && !children) return null;
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
