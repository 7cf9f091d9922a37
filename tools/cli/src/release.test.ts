// promote / rollback / list over hand-made releases (no build): the bookkeeping an operator relies
// on. The build itself is covered end to end by e2e/tests/release-promote-rollback.spec.ts, and
// serving releases by web-server/src/remote.test.ts.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashRelease } from './release.ts';
import { nodeArgsFor } from './stack.ts';
import { remotesManifest } from 'web-server/runtime-config';
import type { ExportsByLibrary, SharedExportsRecord } from 'build-config/shared-used-exports';

let root: string;
let hostDist: string;
const env = () => ({
  ...process.env,
  RELEASES_DIR: root,
  HOST_DIST_DIR: hostDist,
  SB_PORT_OFFSET: '0',
  DASHBOARD_PORT: '3002',
});

function cli(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    [...nodeArgsFor(path.join(import.meta.dirname, 'release.ts')), ...args],
    {
      env: env(),
      encoding: 'utf8',
    },
  );
  return { code: result.status, out: result.stdout + result.stderr };
}

/** What web-config records in a manifest about the tree-shaken shared libraries. */
const sharedExports = (record: SharedExportsRecord) => ({
  metaData: { secondbyte: { sharedExports: record } },
});

function fakeRelease(
  remote: string,
  version: string,
  buildTime: string,
  label = '',
  needs: ExportsByLibrary = { '@mantine/core': ['Button'] },
) {
  const dir = path.join(root, remote, version);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ version, ...sharedExports({ needs }) }));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${version} */`);
  const { files, contentHash } = hashRelease(dir);
  const record = { remote, version, buildTime, label, hostContract: '1.0', contentHash, files };
  writeFileSync(path.join(dir, 'release.json'), JSON.stringify(record));
}

interface Live {
  remotes: Record<string, string>;
  versions: Record<string, string>;
  history: { action: string; from: string | null; to: string | null }[];
}

const live = () => JSON.parse(readFileSync(path.join(root, 'live.json'), 'utf8')) as Live;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'sb-release-test-'));
  hostDist = mkdtempSync(path.join(os.tmpdir(), 'sb-release-test-host-'));
  writeFileSync(
    path.join(hostDist, 'mf-manifest.json'),
    JSON.stringify(sharedExports({ provides: { '@mantine/core': ['Button', 'Table'] } })),
  );
  fakeRelease('dashboard', 'v1', '2026-01-01T00:00:00.000Z', 'first');
  fakeRelease('dashboard', 'v2', '2026-01-02T00:00:00.000Z', 'second');
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(hostDist, { recursive: true, force: true });
});

describe('promote and rollback', () => {
  it('points live.json at the promoted release and keeps the other remotes on their own servers', () => {
    expect(cli('promote', 'dashboard', 'v2').code).toBe(0);
    expect(live().remotes).toEqual({ dashboard: 'http://localhost:3002/releases/v2/mf-manifest.json' });
    expect(remotesManifest({ RELEASES_DIR: root })).toMatchObject({
      dashboard: 'http://localhost:3002/releases/v2/mf-manifest.json',
      catalog: expect.stringMatching(/\/mf-manifest\.json$/),
      checkout: expect.stringMatching(/\/mf-manifest\.json$/),
    });
    expect(remotesManifest({ RELEASES_DIR: root }).catalog).not.toContain('/releases/');
  });

  it('rolls back to the release live before, then to the development build, keeping the history', () => {
    cli('promote', 'dashboard', 'v1');
    cli('promote', 'dashboard', 'v2');
    expect(cli('rollback', 'dashboard').out).toContain('v2 → v1');
    expect(live().versions.dashboard).toBe('v1');
    expect(cli('rollback', 'dashboard').out).toContain('development build');
    expect(live().remotes.dashboard).toBeUndefined();
    expect(live().history.map((h) => `${h.action} ${h.from}→${h.to}`)).toEqual([
      'promote null→v1',
      'promote v1→v2',
      'rollback v2→v1',
      'rollback v1→null',
    ]);
    const nothing = cli('rollback', 'dashboard');
    expect(nothing.code).toBe(1);
    expect(nothing.out).toContain('nothing to roll back');
  });

  it('leaves no temporary files beside live.json', () => {
    cli('promote', 'dashboard', 'v1');
    cli('promote', 'dashboard', 'v2');
    expect(readdirSync(root).filter((f) => f.endsWith('.tmp') || f.endsWith('.lock'))).toEqual([]);
  });

  it('refuses an unknown version and names the known ones', () => {
    const result = cli('promote', 'dashboard', 'v9');
    expect(result.code).toBe(1);
    expect(result.out).toContain('Known: v1, v2');
    expect(existsSync(path.join(root, 'live.json'))).toBe(false);
  });

  it('refuses a release whose files changed after it was built', () => {
    const entry = path.join(root, 'dashboard', 'v2', 'remoteEntry.js');
    chmodSync(entry, 0o644);
    writeFileSync(entry, '/* tampered */');
    const result = cli('promote', 'dashboard', 'v2');
    expect(result.code).toBe(1);
    expect(result.out).toContain('modified after it was released');
  });

  it('refuses a release importing a shared export the live host was built without, and names it', () => {
    cli('promote', 'dashboard', 'v2');
    fakeRelease('dashboard', 'v3', '2026-01-03T00:00:00.000Z', 'stepper', {
      '@mantine/core': ['Button', 'Stepper'],
    });
    const result = cli('promote', 'dashboard', 'v3');
    expect(result.code).toBe(1);
    expect(result.out).toContain('imports @mantine/core: Stepper, which the live host was built without');
    expect(live().versions.dashboard).toBe('v2');
  });

  it('refuses an unknown remote', () => {
    expect(cli('promote', 'basket', 'v1').out).toContain('Choose one of: catalog, dashboard, checkout');
  });

  it('lists versions oldest first and marks the live one and the rollback target', () => {
    cli('promote', 'dashboard', 'v1');
    cli('promote', 'dashboard', 'v2');
    const lines = cli('list', 'dashboard').out.split('\n');
    expect(lines.find((l) => l.includes('v2'))).toMatch(/"second"\s+\* live/);
    expect(lines.find((l) => l.includes('v1 '))).toContain('pnpm rollback returns here');
  });
});
