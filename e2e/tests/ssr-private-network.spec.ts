import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/test';
import { api } from '../support/api';
import { e2eEnv } from '../support/env';

// docker-compose's topology without Docker: the remotes' public addresses (in the HTML, for
// browsers) are not reachable from the host's server, which reaches them at private ones
// (SSR_REMOTE_ORIGINS) and the API at its own (SSR_API_URL). A host server of its own, on port
// offset+50, with an empty releases folder, so nothing else this run does changes what it loads.

const { repoRoot, ports } = e2eEnv;
const hostPort = 3000 + e2eEnv.offset + 50;
// `.invalid` never resolves (RFC 2606): a renderer that used the public address would fail.
const publicCatalog = `http://catalog.invalid:${ports.catalog}`;
const releasesDir = mkdtempSync(path.join(os.tmpdir(), 'sb-private-network-'));
let host: ChildProcess | undefined;

test.beforeAll(async () => {
  host = spawn(
    process.execPath,
    [path.join(repoRoot, 'web-server', 'dist', 'main.js'), 'host', '--port', String(hostPort)],
    {
      cwd: repoRoot,
      stdio: 'ignore',
      env: {
        ...process.env,
        SB_PORT_OFFSET: String(e2eEnv.offset),
        RELEASES_DIR: releasesDir,
        REMOTE_CATALOG_URL: `${publicCatalog}/mf-manifest.json`,
        PUBLIC_API_URL: 'http://api.invalid/api/v1',
        SSR_API_URL: `http://localhost:${ports.api}/api/v1`,
        SSR_REMOTE_ORIGINS: `${publicCatalog}=http://localhost:${ports.catalog}`,
      },
    },
  );
  await expect
    .poll(async () => (await fetch(`http://localhost:${hostPort}/health`).catch(() => null))?.status ?? 0, {
      timeout: 20_000,
    })
    .toBe(200);
});

test.afterAll(() => {
  host?.kill();
  rmSync(releasesDir, { recursive: true, force: true });
});

test('the renderer reaches the remotes and the API at private addresses; the HTML names the public ones', async () => {
  const [recent] = (await api<{ productName: string }[]>('/recent-product')).body;
  const html = await (await fetch(`http://localhost:${hostPort}/`)).text();
  // Rendered with the catalog's server build and the API's data…
  expect(html).toContain('data-testid="recent-products"');
  expect(html).toContain(recent!.productName.replace(/"/g, '&quot;'));
  // …while the browser is sent to the public addresses only.
  expect(html).toContain(`${publicCatalog}/`);
  expect(html).toContain('"apiUrl":"http://api.invalid/api/v1"');
  expect(html).not.toContain(`localhost:${ports.catalog}`);
});
