import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // '@/' is this package's src/, as in its tsconfig.json and the Rspack build (tools/build-config/src/web-config.ts).
  resolve: { alias: { '@': path.join(import.meta.dirname, 'src') } },
  test: {
    name: 'remote-checkout',
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
    // userEvent types key by key; on a busy shared machine a journey through the modal can pass 5 s.
    testTimeout: 20_000,
  },
});
