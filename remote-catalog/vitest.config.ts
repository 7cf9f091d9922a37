import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'remote-catalog',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['shared-auth/testing/dom-environment', 'shared-auth/testing/fake-firebase'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Component tests drive real Mantine + router renders; shared CI machines can be slow.
    testTimeout: 20_000,
  },
});
