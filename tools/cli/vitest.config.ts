import { defineConfig } from 'vitest/config';

// Node-side tests of the operator scripts (release/promote/rollback); the servers are tested in web-server/.
export default defineConfig({
  test: {
    name: 'cli',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Each case runs the CLI a few times as a child process (about a second each on a busy machine).
    testTimeout: 30_000,
  },
});
