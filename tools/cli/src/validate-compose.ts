// Validates docker-compose.yml without a Docker engine (none runs here or in CI): Debian's
// docker-compose parses and interpolates it with deploy/compose.env.example, then this checks the
// topology docs/architecture.md#deployment asks for and that every variable the file reads is documented.
// Usage: pnpm exec tsx tools/cli/src/validate-compose.ts   (installs Debian's docker-compose when missing and root)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from 'web-server/runtime-config';
import { monitoringProblems } from './monitoring-config';

const composeFile = path.join(repoRoot, 'docker-compose.yml');
const envFile = path.join(repoRoot, 'deploy', 'compose.env.example');
const problems: string[] = [];

/** The parts of the rendered file this checks. */
interface ComposeConfig {
  services?: Record<
    string,
    {
      image?: string;
      healthcheck?: { test?: unknown };
      deploy?: { replicas?: number | string };
      environment?: Record<string, string | null>;
      command?: string[] | string;
    }
  >;
}

const has = (command: string) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

function ensureDockerCompose() {
  if (has('docker-compose')) return;
  if (!has('apt-get') || process.getuid?.() !== 0) {
    throw new Error('docker-compose is missing: apt-get install -y docker-compose');
  }
  console.log("Installing Debian's docker-compose…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', 'docker-compose'], { stdio: 'ignore', env });
  if (install().status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
    if (install().status !== 0) throw new Error('apt-get could not install docker-compose');
  }
}

function compose(...args: string[]) {
  return spawnSync('docker-compose', ['--env-file', envFile, '-f', composeFile, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
}

/** The interpolated configuration as JSON (PyYAML ships with docker-compose). */
function renderedConfig() {
  const rendered = compose('config');
  if (rendered.status !== 0) throw new Error(`docker-compose config failed:\n${rendered.stderr}`);
  const toJson = spawnSync(
    'python3',
    ['-c', 'import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'],
    { input: rendered.stdout, encoding: 'utf8' },
  );
  if (toJson.status !== 0) throw new Error(`Could not read the rendered file:\n${toJson.stderr}`);
  return JSON.parse(toJson.stdout) as ComposeConfig;
}

function checkTopology(config: ComposeConfig): void {
  const services = config.services ?? {};
  const required = ['postgres', 'api', 'proxy', 'host', 'catalog', 'dashboard', 'checkout', 'mailpit'];
  for (const name of required) {
    if (!services[name]) problems.push(`service "${name}" is missing`);
    else if (!services[name]?.healthcheck?.test) problems.push(`service "${name}" has no health check`);
  }
  const replicas = Number(services.api?.deploy?.replicas ?? 1);
  if (replicas < 2) problems.push(`api runs ${replicas} replica(s); two or more are required`);
  if (!JSON.stringify(services.proxy ?? {}).includes('nginx.conf'))
    problems.push('the proxy has no nginx.conf');
  const nginx = readFileSync(path.join(repoRoot, 'deploy', 'nginx.conf'), 'utf8');
  if (!/server\s+api:4000/.test(nginx))
    problems.push('deploy/nginx.conf does not balance over the api service');
  // nginx refuses to start with a location written twice (two branches can each add one).
  const locations = [...nginx.matchAll(/^\s*location\s+([^{]+?)\s*\{/gm)].map((m) => m[1]);
  for (const location of new Set(locations.filter((l, i) => locations.indexOf(l) !== i)))
    problems.push(`deploy/nginx.conf has location ${location} more than once`);
  // Each web package is its own image, so it deploys alone.
  const images = ['host', 'catalog', 'dashboard', 'checkout'].map((name) => services[name]?.image);
  if (new Set(images).size !== 4) problems.push('host and the three remotes must each have their own image');
}

/** The servers Prometheus scrapes, with the port each listens on inside the compose network. */
const SCRAPED = ['api', 'host', 'catalog', 'dashboard', 'checkout'];

function checkMonitoring(config: ComposeConfig): void {
  const services = config.services ?? {};
  for (const name of ['prometheus', 'grafana']) {
    const image = services[name]?.image;
    if (!image) problems.push(`service "${name}" is missing`);
    else if (!/:[\w.-]+$/.test(image) || image.endsWith(':latest'))
      problems.push(`service "${name}" runs ${image}: pin its version like the other services`);
    else if (!services[name]?.healthcheck?.test) problems.push(`service "${name}" has no health check`);
  }
  if (!services.prometheus?.environment?.METRICS_TOKEN)
    problems.push('prometheus is not given METRICS_TOKEN');
  const ports = new Map<string, number>();
  for (const name of SCRAPED) {
    const service = services[name];
    if (!service) continue;
    if (!service.environment?.METRICS_TOKEN) problems.push(`${name} is not given METRICS_TOKEN`);
    const command = [service.command ?? []].flat();
    const port = name === 'api' ? service.environment?.API_PORT : command[command.indexOf('--port') + 1];
    ports.set(name, Number(port));
  }
  problems.push(...monitoringProblems(ports));
}

function checkVariablesDocumented() {
  const text = readFileSync(composeFile, 'utf8');
  const header = text
    .split('\n')
    .filter((line) => line.startsWith('#'))
    .join('\n');
  const example = readFileSync(envFile, 'utf8');
  const used = new Set([...text.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]));
  for (const name of used) {
    if (!new RegExp(`\\b${name}\\b`).test(header))
      problems.push(`${name} is not described in the file's header`);
    if (!new RegExp(`^${name}=`, 'm').test(example))
      problems.push(`${name} is missing from deploy/compose.env.example`);
  }
  return used.size;
}

try {
  ensureDockerCompose();
  const quiet = compose('config', '-q');
  if (quiet.status !== 0) throw new Error(`docker-compose rejected the file:\n${quiet.stderr}`);
  const config = renderedConfig();
  checkTopology(config);
  checkMonitoring(config);
  const variables = checkVariablesDocumented();
  if (problems.length) {
    console.error(`docker-compose.yml: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  const version = spawnSync('docker-compose', ['version', '--short'], { encoding: 'utf8' }).stdout.trim();
  console.log(
    `docker-compose.yml is valid (docker-compose ${version}): ${Object.keys(config.services ?? {}).length} services, ` +
      `${variables} documented variables`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
