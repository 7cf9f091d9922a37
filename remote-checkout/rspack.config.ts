import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createRequire } from 'node:module';
// Rspack's CLI loads this TypeScript file (and build-config's) through its bundled jiti on Node 20.
import { createWebConfig, resolvePorts, type WebPackageJson } from 'build-config';

const pkg = createRequire(import.meta.url)('./package.json') as WebPackageJson;

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
