import { defineProject } from 'vitest/config';

// API tests run against the real Firebase Auth Emulator (started by the global setup) and a real
// database: in-memory PGlite per file, or TEST_DATABASE_URL (PostgreSQL), where files run one at a
// time because each file resets the shared database.
export default defineProject({
  test: {
    name: 'api',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: !process.env.TEST_DATABASE_URL,
  },
});
