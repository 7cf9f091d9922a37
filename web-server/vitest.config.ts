import { defineConfig } from 'vitest/config';

// The host and remote servers, driven through fastify.inject against temporary dist folders.
export default defineConfig({
  test: {
    name: 'web-server',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
