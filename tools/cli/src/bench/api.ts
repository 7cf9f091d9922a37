// The API section of `pnpm bench` (`pnpm bench --api-only` runs just this): for PGlite and
// PostgreSQL, at 1,000 and 100,000 listings, the compiled API (LOG_LEVEL=warn) under autocannon
// (10 connections), every catalogue read side by side with a bare Fastify route returning JSON of
// the same size (bare-server.ts), rounds interleaved and medians taken. The cache makes repeated
// identical requests hits (popular queries); the same reads are measured again with
// CATALOG_CACHE=off for their cold cost. Prints the table and the targets, writes
// bench-results/api-<time>.json.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { preparePostgres } from '../postgres.ts';
import { repoRoot } from 'web-server/runtime-config';
import {
  sideBySide,
  startServer,
  stopServer,
  type LoadResult,
  type LoadTarget,
  type Server,
} from './load.ts';
import type { SectionOptions } from './processes.ts';
import { writeResults } from './report.ts';
import { table } from './table.ts';
import { LISTINGS_ONLY } from './shared.ts';

interface Read {
  name: string;
  path: string;
}
interface Database {
  kind: string;
  size: number;
  dataDir: string;
  databaseUrl: string | null;
  seedSeconds?: number;
}
type ApiServer = Server & { base: string };
/** One read measured beside the bare route (medians over the rounds). */
interface Measurement extends LoadResult {
  name: string;
  path: string;
  bytes: number;
  bare: LoadResult;
  ratio: number;
}
export interface Row extends Measurement {
  db: string;
  size: number;
  cache: 'on' | 'off';
}
export interface Target {
  label: string;
  value: string;
  met: boolean;
}

const API_DIST = path.join(repoRoot, 'api', 'dist');
const DATA_ROOT = path.join(repoRoot, '.data-bench-api');
const POSTGRES_DATABASE = 'secondbyte_bench_api';
/** The issue's sizes: today's demo catalogue order of magnitude, and the one to stay fast at. */
export const API_BENCH_SIZES = [1_000, 100_000];
const SEARCHES = ['search one word', 'search spec filters', 'search typo'];

/** The reads measured; `path` gets what discover() found in the seeded catalogue. */
function readsFor(size: number, found: { lastPage: number; deepCursor: string; firstId: string }): Read[] {
  return [
    { name: 'category page 1', path: '/category/products/04' },
    {
      name: 'category deep page',
      path: `/category/products/04?page=${size >= 100_000 ? 1000 : found.lastPage}`,
    },
    { name: 'search cursor page', path: `/search?sort=newest&cursor=${found.deepCursor}` },
    { name: 'details', path: `/details/${found.firstId}` },
    { name: 'recent', path: '/recent-product' },
    { name: 'advertised', path: '/get-advertise' },
    { name: 'search one word', path: '/search?q=thinkpad' },
    { name: 'search spec filters', path: '/search?cpu=intel-core-i5&minRam=16&maxPrice=500' },
    { name: 'search typo', path: '/search?q=thinkpd' },
  ];
}
/** Measured cold too (CATALOG_CACHE=off): the searches, and the two reads with the rps target. */
const UNCACHED = new Set([...SEARCHES, 'category page 1', 'details', 'search cursor page']);

function build() {
  console.log('Building the API (pnpm --filter api build)…');
  const result = spawnSync('pnpm', ['--filter', 'api', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the API build failed');
}

function apiEnv(db: Database): NodeJS.ProcessEnv {
  return {
    LOG_LEVEL: 'warn',
    FIREBASE_AUTH_EMULATOR_HOST: '',
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.databaseUrl ?? '',
  };
}

/** A fresh database of the kind, seeded with `size` generated listings by the compiled seeder. */
function seed(kind: string, size: number): Database | null {
  const dataDir = path.join(DATA_ROOT, `${kind}-${size}`);
  rmSync(dataDir, { recursive: true, force: true });
  const databaseUrl = kind === 'postgres' ? preparePostgres(POSTGRES_DATABASE) : null;
  if (kind === 'postgres' && !databaseUrl) return null;
  const db: Database = { kind, size, dataDir, databaseUrl };
  console.log(`\n== ${kind}, ${size.toLocaleString('en')} listings: seeding…`);
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [path.join(API_DIST, 'seed-bulk.js'), String(size), ...LISTINGS_ONLY],
    {
      cwd: repoRoot,
      env: { ...process.env, ...apiEnv(db) },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`seed:bulk failed:\n${result.stdout}\n${result.stderr}`);
  db.seedSeconds = (Date.now() - started) / 1000;
  console.log(`   ${result.stdout.trim().split('\n').at(-1)}`);
  return db;
}

async function startApi(db: Database, port: number, cache: boolean): Promise<ApiServer> {
  const server = await startServer(path.join(API_DIST, 'server.js'), {
    cwd: path.join(repoRoot, 'api'),
    env: {
      ...apiEnv(db),
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      CATALOG_CACHE: cache ? 'on' : 'off',
    },
  });
  return Object.assign(server, { base: `http://127.0.0.1:${port}/api/v1` });
}

/** `T`: the fields of the API's answer that the bench reads. */
async function getJson<T>(url: string): Promise<{ body: T; headers: Headers }> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return { body: (await res.json()) as T, headers: res.headers };
}

/** What the deep reads need: the last category page, a cursor 200 pages down, a listing id. */
async function discover(base: string) {
  const { headers } = await getJson(`${base}/category/products/04`);
  const lastPage = Math.max(1, Math.ceil(Number(headers.get('x-total-count')) / 50));
  let deepCursor = '';
  for (let page = 0; page < 200; page++) {
    const { body } = await getJson<{ nextCursor?: string | null }>(
      `${base}/search?sort=newest${deepCursor ? `&cursor=${deepCursor}` : ''}`,
    );
    if (!body.nextCursor) break;
    deepCursor = body.nextCursor;
  }
  const { body: recent } = await getJson<{ _id: string }[]>(`${base}/recent-product?limit=1`);
  const first = recent[0];
  if (!first) throw new Error(`GET ${base}/recent-product answered no listing`);
  return { lastPage, deepCursor, firstId: first._id };
}

/** Each read beside a bare route of its body's size; medians over the rounds. */
async function measure(
  base: string,
  bare: string,
  reads: readonly Read[],
  options: { seconds: number; rounds: number },
): Promise<Measurement[]> {
  const targets: (LoadTarget & { read?: Read; bytes?: number })[] = [];
  for (const read of reads) {
    const res = await fetch(base + read.path);
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`GET ${read.path} answered ${res.status}`);
    targets.push(
      { url: base + read.path, read, bytes, settle: `${base}/health` },
      { url: `${bare}/bare?bytes=${bytes}` },
    );
  }
  const results = await sideBySide(targets, options);
  return reads.map((read, i) => {
    const own = results[2 * i] as LoadResult;
    const bareResult = results[2 * i + 1] as LoadResult;
    return {
      name: read.name,
      path: read.path,
      bytes: targets[2 * i]?.bytes ?? 0,
      ...own,
      bare: bareResult,
      ratio: own.rps / bareResult.rps,
    };
  });
}

const ms = (v: number) => `${v} ms`;

/** The issue's targets. A read that completed nothing in a run (rps 0) misses every target. */
export function evaluate(rows: readonly Row[], sizes: readonly number[]): Target[] {
  const [smallest, largest] = [Math.min(...sizes), Math.max(...sizes)];
  const targets: Target[] = [];
  const find = (db: string, size: number, cache: string, name: string) =>
    rows.find((r) => r.db === db && r.size === size && r.cache === cache && r.name === name);
  for (const db of [...new Set(rows.map((r) => r.db))]) {
    for (const name of ['category page 1', 'details']) {
      for (const size of sizes) {
        const r = find(db, size, 'on', name);
        if (r)
          targets.push({
            label: `${db} ${size}: ${name} ≥ 50% of bare req/s`,
            value: `${(r.ratio * 100).toFixed(0)}%`,
            met: r.ratio >= 0.5,
          });
      }
    }
    for (const cache of ['on', 'off']) {
      for (const name of SEARCHES) {
        const r = find(db, largest, cache, name);
        if (r)
          targets.push({
            label: `${db} ${largest}: ${name} p99 ≤ 50 ms (cache ${cache})`,
            value: r.rps > 0 ? ms(r.p99) : 'no answer within a run',
            met: r.rps > 0 && r.p99 <= 50,
          });
      }
    }
    for (const cache of ['on', 'off']) {
      for (const small of rows.filter((r) => r.db === db && r.size === smallest && r.cache === cache)) {
        const large = find(db, largest, cache, small.name);
        if (!large || largest === smallest) continue;
        // autocannon reports whole milliseconds: 1 ms → 2 ms is resolution, not growth.
        const allowed = Math.max(small.p99 * 1.2, small.p99 + 1);
        targets.push({
          label: `${db}: ${small.name} p99 at ${largest} ≤ 1.2× at ${smallest} (cache ${cache})`,
          value:
            large.rps > 0 && small.rps > 0 ? `${large.p99} vs ${small.p99} ms` : 'no answer within a run',
          met: large.rps > 0 && small.rps > 0 && large.p99 <= allowed,
        });
      }
    }
  }
  return targets;
}

/**
 * Runs the whole API section. `ports.api` and the next port are the cached and uncached APIs,
 * `ports.api + 2` the bare server.
 */
export async function benchApi({
  ports,
  outDir,
  seconds = 3,
  rounds = 3,
  sizes = API_BENCH_SIZES,
  noBuild = false,
  commit,
  cleanup,
}: SectionOptions & { seconds?: number; rounds?: number; sizes?: readonly number[] }) {
  if (!noBuild) build();
  const bare = await startServer(path.join(import.meta.dirname, 'bare-server.ts'), {
    env: { PORT: String(ports.api + 2), LOGGING: 'off' },
  });
  cleanup?.defer('bare server', () => stopServer(bare));
  const bareBase = `http://127.0.0.1:${ports.api + 2}`;
  const rows: Row[] = [];
  const seeds: { db: string; size: number; seconds: number | undefined }[] = [];
  try {
    for (const kind of ['pglite', 'postgres']) {
      for (const size of sizes) {
        const db = seed(kind, size);
        if (!db) {
          console.log(`== ${kind}: no PostgreSQL cluster on this machine, skipped`);
          continue;
        }
        seeds.push({ db: kind, size, seconds: db.seedSeconds });
        // PGlite is one process: the cached and the uncached API run one after the other.
        for (const cache of [true, false]) {
          const api = await startApi(db, ports.api + (cache ? 0 : 1), cache);
          cleanup?.defer('API', () => stopServer(api));
          try {
            const reads = readsFor(size, await discover(api.base)).filter(
              (r) => cache || UNCACHED.has(r.name),
            );
            console.log(
              `   cache ${cache ? 'on' : 'off'}: ${reads.length} reads × ${rounds} rounds of ${seconds} s…`,
            );
            for (const r of await measure(api.base, bareBase, reads, { seconds, rounds })) {
              rows.push({ db: kind, size, cache: cache ? 'on' : 'off', ...r });
              console.log(
                `     ${r.name.padEnd(20)} ${String(Math.round(r.rps)).padStart(6)} req/s  p50 ${r.p50} p99 ${r.p99} ms  bare ${Math.round(r.bare.rps)}  ×${r.ratio.toFixed(2)}${r.bad ? `  ${r.bad} failed` : ''}`,
              );
            }
          } finally {
            await stopServer(api);
          }
        }
      }
    }
  } finally {
    await stopServer(bare);
  }

  const header = [
    'database',
    'listings',
    'cache',
    'read',
    'req/s',
    'p50',
    'p99',
    'bare req/s',
    '÷ bare',
    'bytes',
  ];
  console.log(`\nAPI (autocannon, 10 connections, ${rounds} × ${seconds} s, medians)\n`);
  console.log(
    table(
      header,
      rows.map((r) => [
        r.db,
        r.size.toLocaleString('en'),
        r.cache,
        r.name,
        Math.round(r.rps).toLocaleString('en'),
        ms(r.p50),
        ms(r.p99),
        Math.round(r.bare.rps).toLocaleString('en'),
        r.ratio.toFixed(2),
        r.bytes.toLocaleString('en'),
      ]),
    ),
  );
  const targets = evaluate(rows, sizes);
  console.log(`\nTargets: ${targets.filter((t) => t.met).length} of ${targets.length} met\n`);
  for (const t of targets) console.log(`  ${t.met ? 'met ' : 'MISS'}  ${t.label}: ${t.value}`);
  const results = {
    date: new Date().toISOString(),
    commit,
    seconds,
    rounds,
    connections: 10,
    seeds,
    rows,
    targets,
  };
  const file = writeResults(outDir, results, { prefix: 'api', latest: 'api-latest.json' });
  console.log(`\nResults: ${path.relative(repoRoot, file)}`);
  // Targets are reported; requests that failed mean the figures measured errors, not reads.
  const failed = failedReads(rows);
  if (failed.length) throw new Error(`API section: requests failed in ${failed.join(', ')}`);
  return results;
}

/** The reads (or their bare twins) where a request failed: non-2xx, an error or a timeout. */
export function failedReads(rows: readonly Row[]): string[] {
  return rows.flatMap((r) => {
    const where = `${r.db} ${r.size} cache ${r.cache}`;
    return [
      ...(r.bad ? [`${where} ${r.name} (${r.bad})`] : []),
      ...(r.bare.bad ? [`${where} bare twin of ${r.name} (${r.bare.bad})`] : []),
    ];
  });
}
