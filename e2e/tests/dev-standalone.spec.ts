import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { e2eEnv } from '../support/env';

// A remote's standalone dev page (`pnpm --filter remote-catalog dev`, docs/operations.md "Working on one
// package"): a development build under `rspack serve`, which no other test runs. It broke twice
// without anyone noticing: the shared tree shaking marked the federation runtime's own exports
// unused in development mode, and lazy compilation answered the entry's bootstrap with a hot
// update that 404'd. The dev server gets a port of its own (offset+60), so it never meets the
// stack under test, whose API it reads.

const devPort = 3001 + e2eEnv.offset + 60;
let devServer: ChildProcess | undefined;

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  devServer = spawn('pnpm', ['--filter', 'remote-catalog', 'run', 'dev'], {
    cwd: e2eEnv.repoRoot,
    stdio: 'ignore',
    // Its own process group, so the server under pnpm stops with it.
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SB_PORT_OFFSET: String(e2eEnv.offset),
      CATALOG_PORT: String(devPort),
      PUBLIC_API_URL: e2eEnv.apiUrl,
    },
  });
  await expect
    .poll(async () => (await fetch(`http://localhost:${devPort}/`).catch(() => null))?.status ?? 0, {
      timeout: 180_000,
      intervals: [1_000],
    })
    .toBe(200);
});

test.afterAll(() => {
  if (devServer?.pid) process.kill(-devServer.pid, 'SIGTERM');
});

test("the catalog's standalone dev page renders the home page with the API's brands, without errors", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto(`http://localhost:${devPort}/`);

  const frame = page.getByRole('banner').filter({ hasText: 'catalog (standalone)' });
  await expect(frame).toBeVisible();
  // The frame links the pages one can visit as they are; `/details/:id` is reached from a listing.
  await expect(frame.getByRole('link')).toHaveText(['/']);
  await expect(page.getByRole('heading', { name: 'Select Your Brand' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dell', exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});
