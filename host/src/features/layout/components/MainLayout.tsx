import { Box } from '@mantine/core';
import { Outlet, useNavigation } from 'react-router';
import { useT } from '@/shared/i18n';
import { CheckoutIntentMount } from './CheckoutIntentMount';
import { Footer } from './Footer';
import { Header } from './Header';
import { TestPaymentsBanner } from './TestPaymentsBanner';

export function MainLayout() {
  const t = useT();
  const navigation = useNavigation();
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
      <CheckoutIntentMount />
    </Box>
  );
}
