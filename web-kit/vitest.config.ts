import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web-kit',
    root: import.meta.dirname,
    environment: 'node',
    setupFiles: ['web-testing/setup'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
