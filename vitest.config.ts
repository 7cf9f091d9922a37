import { defineConfig } from 'vitest/config';

// Each package with tests has its own vitest.config.ts (environment, setup); this runs them all.
export default defineConfig({
  test: { projects: ['*/vitest.config.ts', 'tools/*/vitest.config.ts'] },
});
