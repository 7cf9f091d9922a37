// Entry of `npm start` and `npm test` on a machine that has only Node 20 and npm: installs pnpm,
// the workspace's dependencies and (for tests) Debian's Chromium and PostgreSQL, then hands over
// to the typed entry points (src/start.ts, src/test.ts) run through tsx. Plain JavaScript because
// it runs before anything is installed and Node 20 cannot strip types; JSDoc types it, and
// `pnpm typecheck` checks it (checkJs in this package's tsconfig.json).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PNPM_VERSION = '12.21.0';
const [mode, ...rest] = process.argv.slice(2);

/**
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  return result.status === 0;
}

/** @param {string} command */
function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function ensurePnpm() {
  if (has('pnpm')) return;
  console.log(`Installing pnpm ${PNPM_VERSION}…`);
  if (run('npm', ['install', '-g', `pnpm@${PNPM_VERSION}`]) && has('pnpm')) return;
  // No permission for a global install: keep pnpm inside the repository instead.
  const tools = path.join(root, '.tools');
  if (!run('npm', ['install', '--prefix', tools, `pnpm@${PNPM_VERSION}`])) {
    throw new Error('Could not install pnpm with npm.');
  }
  process.env.PATH = `${path.join(tools, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`;
}

function ensureDebianPackages() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!has('pg_ctlcluster')) missing.push('postgresql');
  if (missing.length === 0) return;
  if (!has('apt-get')) {
    console.warn(`Cannot install ${missing.join(', ')}: no apt-get on this machine.`);
    return;
  }
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  console.log(`Installing ${missing.join(', ')} from Debian's packages…`);
  const apt = (/** @type {string[]} */ args) =>
    run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', ...missing])) {
    throw new Error(`apt-get could not install ${missing.join(', ')}`);
  }
}

function main() {
  if (mode !== 'start' && mode !== 'test') {
    console.error('usage: node tools/cli/bootstrap.mjs start|test [args]');
    process.exit(2);
  }
  ensurePnpm();
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  if (!run('pnpm', ['install', ...frozen], { env: { ...process.env, CI: process.env.CI ?? '' } })) {
    throw new Error('pnpm install failed');
  }
  if (mode === 'test') ensureDebianPackages();
  const script = path.join(root, 'tools', 'cli', 'src', mode === 'start' ? 'start.ts' : 'test.ts');
  // tsx (a root devDependency, installed just now) loads the TypeScript entry point.
  const tsx = pathToFileURL(createRequire(path.join(root, 'package.json')).resolve('tsx')).href;
  const child = spawn(process.execPath, ['--import', tsx, script, ...rest], { stdio: 'inherit', cwd: root });
  // Ctrl-C reaches the child from the terminal itself; a SIGTERM sent to us is passed on, and we
  // exit only once the child has stopped everything it started.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
