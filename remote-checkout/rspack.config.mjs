import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createRequire } from 'node:module';
import { createWebConfig } from '../scripts/web-config.mjs';
import { resolvePorts } from '../scripts/ports.mjs';

const pkg = createRequire(import.meta.url)('./package.json');

export default createWebConfig({
  rspack,
  ModuleFederationPlugin,
  dir: import.meta.dirname,
  name: 'checkout',
  port: resolvePorts().checkout,
  pkg,
  exposes: {
    './PaymentFailPage': './src/features/payment-result/routes/PaymentFailPage.tsx',
    './PaymentSuccessPage': './src/features/payment-result/routes/PaymentSuccessPage.tsx',
    './CheckoutIntentHost': './src/app/CheckoutIntentHost.tsx',
  },
});
