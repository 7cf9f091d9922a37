import { getAppConfig } from 'runtime-kernel';
import { useT } from '@/shared/i18n';

/**
 * Every page says so while the API takes payments through its sandbox gateway (the app config's
 * testPayments): nobody should take a sandbox "payment" for money that moved. The header shows it,
 * so it sits in the banner landmark and is rendered by the server with the rest of the header.
 * Plain markup and a few lines of global.css: the host's bundle is size-budgeted.
 */
export function TestPaymentsBanner() {
  const t = useT();
  if (!getAppConfig().testPayments) return null;
  return <p className="test-payments-banner">{t('layout.testPayments')}</p>;
}
