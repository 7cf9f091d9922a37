import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'remote-dashboard',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
