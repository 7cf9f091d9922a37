import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from 'cli/chromium';
import { nodeArgsFor } from 'cli/stack';
import { e2eEnv } from './support/env';

const { ports, dataDir, repoRoot } = e2eEnv;

export default defineConfig({
  testDir: './tests',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // Journeys share one seeded database; two workers keep a 2-core machine busy without thrashing.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ??
          path.join(repoRoot, 'test-results', `e2e-${e2eEnv.offset}.json`),
      },
    ],
  ],
  // Per port offset: several work trees' runs can share this folder without wiping each other.
  outputDir: path.join(repoRoot, 'test-results', `e2e-artifacts-${e2eEnv.offset}`),
  use: {
    baseURL: `http://localhost:${ports.host}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  projects: [
    { name: 'journeys', testIgnore: /outage/, grepInvert: /@moves-clock/ },
    // A test tagged @moves-clock moves the API's one clock (POST /test/clock), which refunds or
    // releases every open order and expires every pending payment, so it runs after the other
    // journeys, whose orders it would otherwise settle under them.
    { name: 'clock', testIgnore: /outage/, grep: /@moves-clock/, dependencies: ['journeys'] },
    // Outage tests stop real servers, so they run last, once every other journey is done.
    { name: 'outage', testMatch: /outage/, dependencies: ['journeys', 'clock'], fullyParallel: false },
  ],
  webServer: {
    // The whole marketplace on the test ports with a fresh, freshly seeded data folder.
    command: [
      'node',
      ...nodeArgsFor(path.join(repoRoot, 'tools', 'cli', 'src', 'start.ts')),
      '--no-build --fresh --quiet',
    ].join(' '),
    url: `http://localhost:${ports.host}/remotes.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // TEST_CLOCK=1 adds POST /test/clock, which the money journeys use to pass 7 days; only
    // this test stack sets it (production refuses to start with it, api/src/config.ts).
    // LOG_LEVEL=debug: every request leaves a line in <DATA_DIR>/logs/ (trace-one-request.spec.ts).
    env: { SB_PORT_OFFSET: String(e2eEnv.offset), DATA_DIR: dataDir, TEST_CLOCK: '1', LOG_LEVEL: 'debug' },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 60_000 },
  },
});
