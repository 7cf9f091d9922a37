import { defineConfig } from 'vitest/config';

// The fake API's own helpers, answered through the same MSW server the web packages' tests use.
export default defineConfig({
  test: {
    name: 'web-testing',
    root: import.meta.dirname,
    environment: 'node',
    setupFiles: ['./src/setup.ts'],
    include: ['src/**/*.test.ts'],
  },
});
