import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'runtime-kernel',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['web-testing/dom-environment', 'web-testing/setup'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
