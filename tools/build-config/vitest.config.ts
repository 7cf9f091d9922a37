import { defineConfig } from 'vitest/config';

// The build's own logic (Mantine CSS selection, shared-exports records), without running Rspack.
export default defineConfig({
  test: {
    name: 'build-config',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
