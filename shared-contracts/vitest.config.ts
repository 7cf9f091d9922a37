import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'shared-contracts',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
