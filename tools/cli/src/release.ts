// Ships one remote on its own (docs/releases.md):
//   pnpm release  <remote> [--label <text>] [--version <id>] [--promote]
//   pnpm promote  <remote> <version>
//   pnpm rollback <remote>
//   pnpm releases [<remote>]
// A release is an immutable folder RELEASES_DIR/<remote>/<version>/ holding that remote's build and
// a release.json. RELEASES_DIR/live.json says which release each remote serves; the host re-reads
// it on every /remotes.json request, so promote and rollback need no host rebuild or restart.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { resolvePorts, type Ports } from 'web-server/ports';
import { releasesDir, REMOTE_NAMES, repoRoot } from 'web-server/runtime-config';
import { missingSharedExports, type SharedExportsRecord } from 'build-config/shared-used-exports';
import type { WebPackageJson } from 'build-config';
import { WEB_PACKAGES } from './stack.ts';

const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

function requireRemote(remote: string | undefined): string {
  if (remote === undefined || !REMOTE_NAMES.includes(remote)) {
    fail(`Unknown remote "${remote ?? ''}". Choose one of: ${REMOTE_NAMES.join(', ')}.`);
  }
  return remote as string;
}

// ---------------------------------------------------------------------------------------------
// Files and hashes

/** What release.json records about one release. */
export interface ReleaseRecord {
  remote: string;
  package: string;
  packageVersion: string;
  version: string;
  buildTime: string;
  label: string;
  hostContract: string;
  commit: string | null;
  dirty: boolean;
  contentHash: string;
  files: Record<string, string>;
}

/** releases/live.json: what each remote serves, a stack per remote for rollback, and the history. */
interface Live {
  remotes: Record<string, string>;
  versions: Record<string, string>;
  stacks: Record<string, string[]>;
  history: { at: string; action: string; remote: string; from: string | null; to: string | null }[];
  updatedAt?: string;
}

/** The part of a federation manifest promote reads (tools/build-config/src/web-config.ts writes it). */
interface Manifest {
  metaData?: { secondbyte?: { sharedExports?: SharedExportsRecord } };
}

function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full)];
    })
    .sort();
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Hash of every file but release.json, so a release can be checked for tampering before it goes live. */
export function hashRelease(dir: string): { files: Record<string, string>; contentHash: string } {
  const files = Object.fromEntries(
    listFiles(dir)
      .filter((file) => file !== 'release.json')
      .map((file) => [file.split(path.sep).join('/'), sha256(readFileSync(path.join(dir, file)))]),
  );
  const contentHash = sha256(
    Object.entries(files)
      .map(([file, hash]) => `${hash}  ${file}\n`)
      .join(''),
  );
  return { files, contentHash };
}

/** Written to a temporary name then renamed: readers (the host) see the old or the new file, never half. */
function writeJsonAtomic(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, JSON.stringify(value, null, 2) + '\n');
  renameSync(temporary, file);
}

function readJson<T>(file: string, fallback: T): T {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : fallback;
}

/** Two operators promoting at once must not lose one another's change to live.json. */
async function withLock<T>(root: string, work: () => T | Promise<T>): Promise<T> {
  mkdirSync(root, { recursive: true });
  const lock = path.join(root, '.live.lock');
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a crashed run (older than a minute) is stale.
      if (Date.now() - statSync(lock).mtimeMs > 60_000) rmSync(lock, { force: true });
      else if (Date.now() > deadline) fail(`Another release command holds ${lock}; try again.`);
      else await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Releases on disk

const releaseFolder = (root: string, remote: string, version: string) => path.join(root, remote, version);

export function listReleases(root: string, remote: string): ReleaseRecord[] {
  const dir = path.join(root, remote);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => readJson<ReleaseRecord | null>(path.join(dir, entry.name, 'release.json'), null))
    .filter((record): record is ReleaseRecord => record !== null)
    .sort((a, b) => a.buildTime.localeCompare(b.buildTime) || a.version.localeCompare(b.version));
}

function git(args: string[]): string {
  const result = spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : '';
}

function defaultVersion(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const commit = git(['rev-parse', '--short=7', 'HEAD']);
  return commit ? `${stamp}-${commit}` : stamp;
}

async function release(
  remote: string,
  { label = '', version, promote: promoteAfter }: { label?: string; version?: string; promote?: boolean },
): Promise<ReleaseRecord> {
  const root = releasesDir();
  const pkgName = WEB_PACKAGES[remote] ?? remote;
  const pkgDir = path.join(repoRoot, pkgName);
  const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as WebPackageJson;
  const now = new Date();
  const id = version ?? defaultVersion(now);
  if (!VERSION_PATTERN.test(id)) fail(`Version "${id}" may hold only letters, digits, ".", "_" and "-".`);
  const target = releaseFolder(root, remote, id);
  if (existsSync(target))
    fail(`${remote} ${id} already exists: releases are immutable, pick another version.`);

  // Built straight into a staging folder beside the releases, never into <package>/dist, so the
  // remote's development build and every other package stay untouched.
  const staging = path.join(root, '.staging', `${remote}-${id}-${randomBytes(3).toString('hex')}`);
  mkdirSync(path.dirname(staging), { recursive: true });
  const hostContract = process.env.SB_HOST_CONTRACT || pkg.secondbyte?.hostContract || '1.0';
  console.log(`Building ${remote} ${id}${label ? ` (${label})` : ''}…`);
  const build = spawnSync('pnpm', ['--filter', pkgName, 'run', 'build'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SB_OUT_DIR: path.relative(pkgDir, staging),
      SB_RELEASE_VERSION: id,
      SB_RELEASE_TIME: now.toISOString(),
      SB_RELEASE_LABEL: label,
      SB_HOST_CONTRACT: hostContract,
    },
  });
  try {
    if (build.status !== 0) fail(`The ${remote} build failed; nothing was released.`);
    for (const required of ['mf-manifest.json', 'remoteEntry.js']) {
      if (!existsSync(path.join(staging, required)))
        fail(`The build produced no ${required}; nothing was released.`);
    }
    const { files, contentHash } = hashRelease(staging);
    const twin = listReleases(root, remote).find((r) => r.contentHash === contentHash);
    if (twin) console.log(`Note: identical files to ${remote} ${twin.version}.`);
    const record: ReleaseRecord = {
      remote,
      package: pkgName,
      packageVersion: pkg.version,
      version: id,
      buildTime: now.toISOString(),
      label,
      hostContract,
      commit: git(['rev-parse', 'HEAD']) || null,
      // Uncommitted changes in the remote's own folder make the commit alone not enough to rebuild it.
      dirty: git(['status', '--porcelain', '--', pkgName]) !== '',
      contentHash,
      files,
    };
    writeFileSync(path.join(staging, 'release.json'), JSON.stringify(record, null, 2) + '\n');
    for (const file of listFiles(staging)) chmodSync(path.join(staging, file), 0o444);
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(staging, target);
    console.log(`Released ${remote} ${id} → ${path.relative(process.cwd(), target) || target}`);
    console.log(
      `  build time ${record.buildTime}, host contract ${hostContract}, content ${contentHash.slice(0, 12)}`,
    );
    if (promoteAfter) await promote(remote, id);
    else console.log(`Put it live with: pnpm promote ${remote} ${id}`);
    return record;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// live.json: which release each remote serves, a stack per remote for rollback, and the history

/** Where the browser fetches a remote's releases; the remote's static server serves them under /releases/. */
export function releasesBaseUrl(remote: string, env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env[`REMOTE_${remote.toUpperCase()}_RELEASES_URL`];
  if (explicit) return explicit.replace(/\/+$/, '');
  const publicHost = env.PUBLIC_HOSTNAME ?? 'localhost';
  return `http://${publicHost}:${resolvePorts()[remote as keyof Ports]}/releases`;
}

function readLive(root: string): Live {
  const live = readJson<Partial<Live>>(path.join(root, 'live.json'), {});
  return { remotes: {}, versions: {}, stacks: {}, history: [], ...live };
}

function writeLive(root: string, live: Live, remote: string): void {
  const stack = live.stacks[remote] ?? [];
  if (stack.length === 0) {
    delete live.remotes[remote];
    delete live.versions[remote];
    delete live.stacks[remote];
  } else {
    const current = stack.at(-1) as string;
    live.remotes[remote] = `${releasesBaseUrl(remote)}/${current}/mf-manifest.json`;
    live.versions[remote] = current;
  }
  live.updatedAt = new Date().toISOString();
  writeJsonAtomic(path.join(root, 'live.json'), live);
}

function verifyRelease(root: string, remote: string, version: string): ReleaseRecord {
  const dir = releaseFolder(root, remote, version);
  const record = readJson<ReleaseRecord | null>(path.join(dir, 'release.json'), null);
  if (!record) {
    const known = listReleases(root, remote).map((r) => r.version);
    fail(
      `${remote} has no release "${version}".${known.length ? ` Known: ${known.join(', ')}.` : ' Run pnpm release first.'}`,
    );
  }
  if (hashRelease(dir).contentHash !== record.contentHash) {
    fail(`${remote} ${version} was modified after it was released (hash mismatch); refusing to put it live.`);
  }
  return record;
}

/**
 * The host's copies of the tree-shaken shared libraries keep only the exports the workspace used
 * when the host was built; the host refuses a remote importing one they lack. Promote refuses it
 * first, naming the exports, rather than put live a remote every visitor would see as unavailable.
 */
function checkSharedExports(root: string, remote: string, version: string): void {
  const hostDist = process.env.HOST_DIST_DIR ?? path.join(repoRoot, 'host', 'dist');
  const hostManifest = readJson<Manifest | null>(path.join(hostDist, 'mf-manifest.json'), null);
  if (!hostManifest) {
    console.log(
      `Note: no host build in ${hostDist}; the host checks ${remote}'s shared imports when it loads it.`,
    );
    return;
  }
  const manifest = readJson<Manifest | null>(
    path.join(releaseFolder(root, remote, version), 'mf-manifest.json'),
    null,
  );
  const missing = missingSharedExports(
    hostManifest.metaData?.secondbyte?.sharedExports?.provides ?? null,
    manifest?.metaData?.secondbyte?.sharedExports?.needs,
  );
  if (missing.length > 0) {
    fail(
      `${remote} ${version} imports ${missing.join(', ')}, which the live host was built without, ` +
        'so the host would refuse it. Release the host first (docs/releases.md); nothing changed.',
    );
  }
}

async function promote(remote: string, version: string | undefined): Promise<void> {
  const root = releasesDir();
  if (!version) return fail('usage: pnpm promote <remote> <version>   (pnpm releases lists the versions)');
  const record = verifyRelease(root, remote, version);
  checkSharedExports(root, remote, version);
  return withLock(root, () => {
    const live = readLive(root);
    const stack = live.stacks[remote] ?? [];
    const previous = stack.at(-1) ?? null;
    if (previous === version) {
      console.log(`${remote} ${version} is already live.`);
      return;
    }
    live.stacks[remote] = [...stack, version];
    live.history.push({
      at: new Date().toISOString(),
      action: 'promote',
      remote,
      from: previous,
      to: version,
    });
    writeLive(root, live, remote);
    console.log(
      `${remote}: ${previous ?? 'development build'} → ${version}${record.label ? ` (${record.label})` : ''}`,
    );
    console.log(`  live at ${live.remotes[remote]}; the next page load uses it.`);
  });
}

async function rollback(remote: string): Promise<void> {
  const root = releasesDir();
  return withLock(root, () => {
    const live = readLive(root);
    const stack = live.stacks[remote] ?? [];
    if (stack.length === 0) fail(`${remote} has nothing to roll back: no release of it was ever promoted.`);
    const from = stack.at(-1) ?? null;
    const to = stack.at(-2) ?? null;
    if (to) verifyRelease(root, remote, to);
    live.stacks[remote] = stack.slice(0, -1);
    live.history.push({ at: new Date().toISOString(), action: 'rollback', remote, from, to });
    writeLive(root, live, remote);
    console.log(`${remote}: ${from} → ${to ?? 'development build (no earlier release was live)'}`);
    if (to) console.log(`  live at ${live.remotes[remote]}; the next page load uses it.`);
  });
}

function list(only: string | undefined): void {
  const root = releasesDir();
  const live = readLive(root);
  console.log(`Releases in ${root}`);
  for (const remote of only ? [only] : REMOTE_NAMES) {
    const releases = listReleases(root, remote);
    const current = live.versions[remote];
    const stack = live.stacks[remote] ?? [];
    console.log(`\n${remote}${current ? '' : '  (live: development build from its own server)'}`);
    if (releases.length === 0) console.log('  no releases');
    for (const r of releases) {
      const mark =
        r.version === current ? '* live' : r.version === stack.at(-2) ? '  (pnpm rollback returns here)' : '';
      const label = r.label ? `  "${r.label}"` : '';
      console.log(
        `  ${r.version.padEnd(28)} ${r.buildTime}  contract ${r.hostContract}${label}  ${mark}`.trimEnd(),
      );
    }
  }
  const recent = live.history.filter((h) => !only || h.remote === only).slice(-10);
  if (recent.length) {
    console.log('\nRecent changes');
    for (const h of recent)
      console.log(`  ${h.at}  ${h.action.padEnd(8)} ${h.remote}: ${h.from ?? 'dev'} → ${h.to ?? 'dev'}`);
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      label: { type: 'string' },
      version: { type: 'string' },
      promote: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [verb, remote, version] = positionals;
  if (values.help || !verb) {
    const usage = readFileSync(new URL(import.meta.url), 'utf8')
      .split('\n')
      .slice(1, 5);
    console.log(['usage:', ...usage.map((line) => line.replace(/^\/\/ {0,3}/, '  '))].join('\n'));
    return;
  }
  switch (verb) {
    case 'release':
      await release(requireRemote(remote), {
        ...(values.label !== undefined ? { label: values.label } : {}),
        ...(values.version !== undefined ? { version: values.version } : {}),
        promote: values.promote ?? false,
      });
      break;
    case 'promote':
      await promote(requireRemote(remote), version);
      break;
    case 'rollback':
      await rollback(requireRemote(remote));
      break;
    case 'list':
      list(remote ? requireRemote(remote) : undefined);
      break;
    default:
      fail(`Unknown command "${verb}": use release, promote, rollback or list.`);
  }
}

// Run as a command (`pnpm release …`), not when a test imports hashRelease.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof UsageError ? error.message : error);
    process.exit(1);
  });
}
