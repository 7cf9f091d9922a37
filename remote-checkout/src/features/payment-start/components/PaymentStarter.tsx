import { useEffect, useState } from 'react';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import {
  toast,
  useAuthStore,
  useCheckoutIntents,
  type CheckoutIntent,
  type SessionUser,
} from 'runtime-kernel';
import { describeApiError } from '@/shared/describe-api-error';
import { buildPayData, initPayment } from '../api/init-payment';
import { translate, useT } from '@/shared/i18n';

interface PaymentStarterProps {
  intent: Extract<CheckoutIntent, { kind: 'pay' }>;
  user: SessionUser;
  /** Navigates the browser to the gateway; replaceable in tests (jsdom cannot navigate). */
  navigate?: (url: string) => void;
}

// One request per intent, even when React runs the effect twice (StrictMode) or re-mounts.
const startedIntents = new WeakSet<CheckoutIntent>();

const isCurrent = (intent: CheckoutIntent) => useCheckoutIntents.getState().intent === intent;

/** Buy Now / Pay: asks the API for a payment page and sends the browser there. */
export function PaymentStarter({
  intent,
  user,
  navigate = (url) => window.location.assign(url),
}: PaymentStarterProps) {
  const t = useT();
  const [opened, setOpened] = useState(true);

  useEffect(() => {
    if (startedIntents.has(intent)) return;
    startedIntents.add(intent);
    initPayment(buildPayData(intent.product, user), useAuthStore.getState().language)
      .then((url) => {
        // The buyer may have cancelled while we waited: then stay on the page.
        if (isCurrent(intent)) navigate(url);
      })
      .catch((error: unknown) => {
        if (!isCurrent(intent)) return;
        // In the language of the page at the moment it fails, not when the payment started.
        const t = translate(useAuthStore.getState().language);
        const refusals = { product_sold: t('errors.alreadySold'), product_not_found: t('errors.notListed') };
        toast.error(t('payment.couldNotStart', { reason: describeApiError(error, t, refusals) }));
        useCheckoutIntents.getState().clear();
      });
  }, [intent, user, navigate]);

  // Back from the gateway, the browser may restore this page from its cache as it was left
  // ("Taking you to…"): drop the finished intent instead.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted && isCurrent(intent)) useCheckoutIntents.getState().clear();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [intent]);

  const cancel = () => setOpened(false);
  const clearIfCurrent = () => {
    if (isCurrent(intent)) useCheckoutIntents.getState().clear();
  };

  return (
    <Modal
      opened={opened}
      onClose={cancel}
      onExitTransitionEnd={clearIfCurrent}
      withCloseButton={false}
      centered
      size="sm"
      title={<Text fw={700}>{t('payment.starting')}</Text>}
      data-testid="payment-starter"
    >
      <Stack align="center" gap="md" py="md" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Text fw={600} ta="center">
          {t('payment.redirecting')}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {intent.product.productName}
        </Text>
        <Group>
          <Button variant="default" onClick={cancel} data-autofocus>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
