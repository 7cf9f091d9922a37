import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // '@/' is this package's src/, as in its tsconfig.json and the Rspack build (tools/build-config/src/web-config.ts).
  resolve: { alias: { '@': path.join(import.meta.dirname, 'src') } },
  test: {
    name: 'host',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['web-testing/dom-environment', 'web-testing/setup', 'web-kit/testing/all-languages'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
