import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // '@/' is this package's src/, as in its tsconfig.json and the Rspack build (tools/build-config/src/web-config.ts).
  resolve: { alias: { '@': path.join(import.meta.dirname, 'src') } },
  test: {
    name: 'remote-dashboard',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: [
      'web-testing/dom-environment',
      'web-testing/fake-firebase',
      'web-testing/setup',
      'web-kit/testing/all-languages',
    ],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Mantine modals and userEvent on a busy 2-core machine need more than the 5 s default.
    testTimeout: 20_000,
  },
});
