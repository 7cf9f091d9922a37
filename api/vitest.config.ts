import { configDefaults, defineProject } from 'vitest/config';

// API tests run against the real Firebase Auth Emulator (started by the global setup) and a real
// database: in-memory PGlite per file, or TEST_DATABASE_URL (PostgreSQL), where files run one at a
// time because each file resets the shared database. Files named *.postgres.test.ts (two API
// processes on one database) run only there.
export default defineProject({
  test: {
    name: 'api',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // *.postgres.test.ts need several processes on one database: run in the PostgreSQL step
    // (tools/cli/src/test.ts sets TEST_DATABASE_URL), never silently on PGlite.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DATABASE_URL ? [] : ['src/**/*.postgres.test.ts']),
    ],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: !process.env.TEST_DATABASE_URL,
  },
});
