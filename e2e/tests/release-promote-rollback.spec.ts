import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { builtMarker, nodeArgsFor, WEB_PACKAGES } from 'cli/stack';
import { e2eEnv } from '../support/env';

// An operator ships the dashboard on its own: two releases, promote, roll back, while the host keeps
// running untouched. Runs against a host and remote servers of its own (ports offset+40…43) and a
// releases folder of its own, so promoting here never changes what the other journeys load.

const { repoRoot } = e2eEnv;
const base = 3000 + e2eEnv.offset + 40;
const ports = { host: base, catalog: base + 1, dashboard: base + 2, checkout: base + 3 };
const site = `http://localhost:${ports.host}`;
const releasesDir = mkdtempSync(path.join(os.tmpdir(), 'sb-releases-'));
const run = Math.random().toString(36).slice(2, 8);
const labels = { first: `Dashboard A ${run}`, second: `Dashboard B ${run}` };

/** The environment every command and server of this test shares: its own ports and releases. */
const env = {
  ...process.env,
  SB_PORT_OFFSET: String(e2eEnv.offset),
  RELEASES_DIR: releasesDir,
  HOST_PORT: String(ports.host),
  CATALOG_PORT: String(ports.catalog),
  DASHBOARD_PORT: String(ports.dashboard),
  CHECKOUT_PORT: String(ports.checkout),
};

function releaseCommand(args: string[], extraEnv: Record<string, string> = {}) {
  const result = spawnSync(
    process.execPath,
    [...nodeArgsFor(path.join(repoRoot, 'tools', 'cli', 'src', 'release.ts')), ...args],
    {
      cwd: repoRoot,
      env: { ...env, ...extraEnv },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0)
    throw new Error(`release.ts ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

function newestRelease(remote: string): string {
  const versions = readdirSync(path.join(releasesDir, remote))
    .filter((name) => !name.startsWith('.'))
    .map((name) => JSON.parse(readFileSync(path.join(releasesDir, remote, name, 'release.json'), 'utf8')))
    .sort((a, b) => a.buildTime.localeCompare(b.buildTime));
  return versions.at(-1).version;
}

function hashTree(dir: string): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${path.relative(dir, full)}\0`).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/** Everything the dashboard release must leave alone: the host, the other remotes, their releases. */
const untouched = () => ({
  host: hashTree(path.join(repoRoot, 'host', 'dist')),
  catalog: hashTree(path.join(repoRoot, 'remote-catalog', 'dist')),
  checkout: hashTree(path.join(repoRoot, 'remote-checkout', 'dist')),
  dashboardDevBuild: hashTree(path.join(repoRoot, 'remote-dashboard', 'dist')),
  checkoutReleases: hashTree(path.join(releasesDir, 'checkout')),
});

const servers: ChildProcess[] = [];

/** One web-server process (web-server/src/main.ts, built by `pnpm build`). */
function serve(args: string[]) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'web-server', 'dist', 'main.js'), ...args], {
    cwd: repoRoot,
    env,
    stdio: 'ignore',
  });
  servers.push(child);
  return child;
}

async function waitFor(url: string) {
  await expect
    .poll(async () => (await fetch(url).catch(() => null))?.status ?? 0, { timeout: 15_000 })
    .toBe(200);
}

const liveRemotes = async () =>
  (await (await fetch(`${site}/remotes.json`)).json()) as Record<string, string>;

async function expectDashboardBuild(page: Page, live: string, label: string) {
  const card = page.getByTestId('build-dashboard');
  await expect(card.getByTestId('version-dashboard')).toHaveText(live);
  await expect(card.getByTestId('label-dashboard')).toHaveText(label);
  await expect(card.getByText('Release', { exact: true })).toBeVisible();
}

let host: ChildProcess;
let checkoutRelease = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  for (const [name, pkg] of Object.entries(WEB_PACKAGES)) {
    if (!existsSync(builtMarker(name))) throw new Error(`${pkg}/dist is missing: pnpm build`);
  }
  if (!existsSync(path.join(repoRoot, 'web-server', 'dist', 'main.js')))
    throw new Error('web-server/dist is missing: pnpm build');
  // A checkout release that needs a host contract this host does not provide (3.0 vs 2.0).
  releaseCommand(['release', 'checkout', '--label', `Incompatible ${run}`], { SB_HOST_CONTRACT: '3.0' });
  checkoutRelease = newestRelease('checkout');
  host = serve(['host', '--dist', path.join(repoRoot, 'host', 'dist'), '--port', String(ports.host)]);
  for (const remote of ['catalog', 'dashboard', 'checkout'] as const) {
    serve(['remote', '--remote', remote, '--port', String(ports[remote])]);
  }
  await waitFor(`${site}/remotes.json`);
  await Promise.all(
    (['catalog', 'dashboard', 'checkout'] as const).map((r) =>
      waitFor(`http://localhost:${ports[r]}/mf-manifest.json`),
    ),
  );
});

test.afterAll(() => {
  for (const child of servers) child.kill('SIGTERM');
  rmSync(releasesDir, { recursive: true, force: true });
});

test('an operator releases the dashboard twice, promotes the second and rolls back to the first', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const before = untouched();
  const remotesBefore = await liveRemotes();

  releaseCommand(['release', 'dashboard', '--label', labels.first]);
  const first = newestRelease('dashboard');
  releaseCommand(['release', 'dashboard', '--label', labels.second]);
  const second = newestRelease('dashboard');
  expect(second).not.toBe(first);
  // Releasing alone changes nothing that is live.
  expect(await liveRemotes()).toEqual(remotesBefore);

  releaseCommand(['promote', 'dashboard', first]);
  releaseCommand(['promote', 'dashboard', second]);
  const dashboardScripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`http://localhost:${ports.dashboard}/`))
      dashboardScripts.push(request.url());
  });
  await page.goto(`${site}/about-build`);
  await expectDashboardBuild(page, second, labels.second);
  // The label comes from the code this tab loaded out of the second release, not only its manifest.
  await expect(page.getByTestId('running-dashboard')).toContainText(labels.second);
  expect(dashboardScripts.length).toBeGreaterThan(0);
  expect(dashboardScripts.every((url) => url.includes(`/releases/${second}/`))).toBe(true);

  // Mid-session: this tab keeps the code it loaded; the page says a different version is now live.
  releaseCommand(['rollback', 'dashboard']);
  await page.getByRole('button', { name: 'Check again' }).click();
  await expectDashboardBuild(page, first, labels.first);
  await expect(page.getByTestId('running-dashboard')).toContainText(`This tab still runs ${second}`);

  // The next page load uses the first release.
  dashboardScripts.length = 0;
  await page.reload();
  await expectDashboardBuild(page, first, labels.first);
  await expect(page.getByTestId('running-dashboard')).toContainText(
    `This tab runs ${first} (${labels.first})`,
  );
  expect(dashboardScripts.every((url) => url.includes(`/releases/${first}/`))).toBe(true);

  // Nothing else moved: the other remotes' entries, every other build, the host server itself.
  const remotesAfter = await liveRemotes();
  expect({ ...remotesAfter, dashboard: undefined }).toEqual({ ...remotesBefore, dashboard: undefined });
  expect(untouched()).toEqual(before);
  expect(host.exitCode).toBeNull();
  expect(releaseCommand(['list', 'dashboard'])).toMatch(new RegExp(`${first}.*\\* live`));
});

test('a catalog release reaches the server-rendered HTML on the next request, and rollback takes it back, without a host restart', async () => {
  test.setTimeout(300_000);
  const home = async () => (await fetch(`${site}/`)).text();
  /** The catalog's stylesheets in the rendered page's head: they name the release it was rendered from. */
  const catalogStylesheets = (html: string) =>
    [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)]
      .map((m) => m[1]!)
      .filter((href) => href.startsWith(`http://localhost:${ports.catalog}/`))
      .join(' ');

  const before = await home();
  expect(before).toContain('Premium laptops at second-hand prices');
  expect(catalogStylesheets(before)).not.toContain('/releases/');

  releaseCommand(['release', 'catalog', '--label', `Catalog ${run}`]);
  const version = newestRelease('catalog');
  releaseCommand(['promote', 'catalog', version]);
  // Raw HTML, no browser: rendered by a fresh worker that loaded the release's server build.
  await expect
    .poll(async () => catalogStylesheets(await home()), { timeout: 30_000 })
    .toContain(`/releases/${version}/`);
  const promoted = await home();
  expect(promoted).toContain('Premium laptops at second-hand prices');
  expect(promoted).toContain(`/releases/${version}/mf-manifest.json`);

  releaseCommand(['rollback', 'catalog']);
  await expect
    .poll(async () => catalogStylesheets(await home()), { timeout: 30_000 })
    .not.toContain('/releases/');
  expect(await home()).toContain('Premium laptops at second-hand prices');
  expect(host.exitCode).toBeNull();
});

test('the host refuses a remote built for another host contract and keeps the rest of the site', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(`${site}/payment/fail`);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();

  // SB_HOST_CONTRACT is set only for that build, in beforeAll: here it is promoted like any release.
  releaseCommand(['promote', 'checkout', checkoutRelease]);
  await page.goto(`${site}/payment/fail`);
  await expect(page.getByTestId('remote-unavailable-checkout')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.goto(`${site}/about-build`);
  const card = page.getByTestId('build-checkout');
  await expect(card.getByText('Refused', { exact: true })).toBeVisible();
  // What the host provides is whatever its package.json says (docs/releases.md, the contract history).
  const provided = JSON.parse(readFileSync(path.join(repoRoot, 'host', 'package.json'), 'utf8')).secondbyte
    .hostContract as string;
  await expect(card).toContainText(`It needs host contract 3.0 and this host provides ${provided}`);

  releaseCommand(['rollback', 'checkout']);
  await page.goto(`${site}/payment/fail`);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
});
