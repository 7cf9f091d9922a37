import { Box } from '@mantine/core';
import { Outlet, useNavigation } from 'react-router';
import { useCheckoutIntents } from 'runtime-kernel';
import { RemoteModule } from '@/lib/federation/RemoteModule';
import { useT } from '@/shared/i18n';
import { Footer } from './Footer';
import { Header } from './Header';
import { TestPaymentsBanner } from './TestPaymentsBanner';

export function MainLayout() {
  const t = useT();
  const navigation = useNavigation();
  // Checkout's booking/payment UI is loaded only once a page asks for it (Book Now, Buy Now, Pay).
  const hasCheckoutIntent = useCheckoutIntents((s) => s.intent !== null);
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        {t('layout.skipToContent')}
      </a>
      <Header notice={<TestPaymentsBanner />} />
      <Box
        component="main"
        id="main"
        flex={1}
        aria-busy={navigation.state === 'loading'}
        style={{ opacity: navigation.state === 'loading' ? 0.7 : 1, transition: 'opacity 150ms' }}
      >
        <Outlet />
      </Box>
      <Footer />
      {hasCheckoutIntent && <RemoteModule remote="checkout" exposed="./CheckoutIntentHost" fallback={null} />}
    </Box>
  );
}
