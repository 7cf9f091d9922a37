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
  name: 'catalog',
  port: resolvePorts().catalog,
  pkg,
  exposes: {
    './HomePage': './src/app/routes/HomePage.tsx',
    './CategoryPage': './src/app/routes/CategoryPage.tsx',
    './DetailsPage': './src/features/details/routes/DetailsPage.tsx',
    './SearchPage': './src/features/search/routes/SearchPage.tsx',
    './SellerPage': './src/features/sellers/routes/SellerPage.tsx',
  },
});
