import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'host',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/shared/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
