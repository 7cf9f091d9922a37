// The load section of `pnpm bench` (`pnpm bench --load-only` runs just this, `--no-load` skips it):
// mixed, realistic traffic against the compiled API on PostgreSQL, with the Auth Emulator's real
// ID tokens. One autocannon instance per scenario, its share of the connections by weight:
//   browse     GET /category, /category/products/:id, /recent-product, /get-advertise
//   search     GET /search?q=…
//   details    GET /details/:id
//   sign-in    GET /users/:email with the buyer's ID token (what a signed-in page load costs)
//   dashboard  the seller's listings, the buyer's orders, the dashboard summary
//   book       POST /bookings (a new buyer × listing pair each time)
//   pay        POST /payment/init, GET the sandbox page, POST its Pay form (303 to the site)
// A short ramp of connection counts finds the machine's saturation point; then one API process
// for --load-seconds; then two API processes behind a retrying proxy (retry-proxy.ts), one of
// them stopped halfway (SIGTERM, then restarted), and the same with SIGKILL (a third as long).
// Reports throughput and p50/p99 per scenario and in total, and ASSERTS 0 errors (an unexpected
// status, a socket error, a timeout) on the single process and across the SIGTERM restart, and
// 0 lost writes everywhere: every booking and payment acknowledged is in the database afterwards.
// The SIGKILL run's failures are reported, not asserted. Every write carries an Idempotency-Key
// (mixed-traffic.ts), so the proxy resends it when its process dies
// (docs/decisions/0052-idempotent-writes.md). Writes bench-results/load-<time>.json. The traffic itself is
// mixed-traffic.ts's, shared with the soak.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { preparePostgres } from '../postgres.ts';
import { repoRoot } from 'web-server/runtime-config';
import { ensureAuthEmulator, exitOf, type SectionOptions } from './processes.ts';
import { stopServer, type Server } from './load.ts';
import { writeResults } from './report.ts';
import { table } from './table.ts';
import { cacheHitRate, LISTINGS_ONLY } from './shared.ts';
import { startRetryProxy } from './retry-proxy.ts';
import {
  API_DIST,
  apiEnv as trafficEnv,
  BUYERS,
  buildApi,
  fixtures,
  LISTINGS,
  lostWrites,
  runMix,
  startApi,
  type LostWrites,
  type MixRun,
  type Writes,
} from './mixed-traffic.ts';

const DATA_DIR = path.join(repoRoot, '.data-bench-load');
const apiEnv = (env: Omit<Parameters<typeof trafficEnv>[0], 'dataDir'>) =>
  trafficEnv({ ...env, dataDir: DATA_DIR });
/** Connection counts tried, doubling on while throughput still grows by more than 5%. */
const RAMP_FROM = 8;
const RAMP_TO = 256;
const RAMP_SECONDS = 3;

const fmt = (n: number) => Math.round(n).toLocaleString('en');

/** A run as printed and recorded: with its lost-writes check and, behind the proxy, the restart. */
type CheckedRun<E> = MixRun<E> & { lost: LostWrites; restart?: Restart };

/** What happened around the restart of one API process behind the proxy. */
interface RestartEvents {
  signal: NodeJS.Signals;
  exit: NodeJS.Signals | number | null;
  stoppedMs: number;
  restartedMs: number;
}

type Restart = Partial<RestartEvents> & {
  proxyRetried: number;
  proxyMarkedDown: number;
  proxyFailed: number;
  failedRequests: number;
  failures: string[];
};

function printRun<E>(title: string, run: CheckedRun<E>) {
  console.log(`\n${title}\n`);
  console.log(
    table(
      ['scenario', 'conns', 'requests', 'req/s', 'p50', 'p99', 'unexpected', 'errors', 'timeouts'],
      [...run.rows, run.total].map((r) => [
        r.name,
        r.connections,
        fmt(r.requests),
        fmt(r.rps),
        `${r.p50} ms`,
        `${r.p99} ms`,
        r.unexpected,
        r.errors,
        r.timeouts,
      ]),
    ),
  );
  const w = run.lost;
  console.log(
    `writes acknowledged: ${w.bookings.acknowledged} bookings (${w.bookings.found} found), ` +
      `${w.paymentsStarted.acknowledged} payments started (${w.paymentsStarted.found} found), ` +
      `${w.paymentsPaid.acknowledged} paid (${w.paymentsPaid.found} found paid): ${w.lost} lost`,
  );
  const rate = cacheHitRate(run.cache);
  console.log(
    `catalogue cache: ${fmt(run.cache.HIT)} hits, ${fmt(run.cache.STALE)} stale, ${fmt(run.cache.MISS)} misses: ` +
      `hit rate ${rate === null ? '—' : `${(rate * 100).toFixed(1)}%`}`,
  );
  for (const r of run.rows.filter((row) => row.unexpected || row.errors || row.timeouts)) {
    const odd = Object.entries(r.statuses).filter(([s]) => !['200', '201', '303'].includes(s));
    console.log(`  ${r.name}: statuses ${JSON.stringify(Object.fromEntries(odd))} ${r.samples.join('; ')}`);
  }
}

/** A run in the results file: a mixed run without its list of writes. */
type RecordedRun = { name: string } & Omit<CheckedRun<RestartEvents>, 'writes'>;

interface Check {
  label: string;
  value: number;
}

/** What the load section writes to bench-results/load-<time>.json (and returns). */
interface LoadResults {
  date: string;
  commit: string;
  seconds: number;
  database: 'postgres';
  listings: number;
  buyers: number;
  ramp: { connections: number; rps: number; p50: number; p99: number }[];
  saturation: number;
  runs: RecordedRun[];
  assertions: (Check & { met: boolean })[];
  reported: Check[];
}

/**
 * Runs the load section. Ports: `ports.api` the first API process, +1 the second, +2 the proxy;
 * the Auth Emulator on `ports.authEmulator` (started unless one answers there).
 */
export async function benchLoad({
  ports,
  outDir,
  seconds = 60,
  noBuild = false,
  commit,
  cleanup,
}: SectionOptions & { seconds?: number }): Promise<LoadResults | null> {
  if (!noBuild) buildApi();
  const database = process.env.LOAD_BENCH_DATABASE ?? 'secondbyte_bench_load';
  const databaseUrl = preparePostgres(database);
  if (!databaseUrl) {
    console.log('Load section: no PostgreSQL cluster on this machine, skipped');
    return null;
  }
  const emulatorPort = ports.authEmulator;
  await ensureAuthEmulator(emulatorPort, path.join(DATA_DIR, 'emulator'), cleanup);
  rmSync(path.join(DATA_DIR, 'images'), { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });

  const [portA, portB, proxyPort] = [ports.api, ports.api + 1, ports.api + 2];
  console.log(`\n== Load: PostgreSQL ${database}, API on :${portA}, seeding ${fmt(LISTINGS)} listings…`);
  const seedStarted = Date.now();
  let apiA: Server | null = await startApi(apiEnv({ databaseUrl, emulatorPort, port: portA }));
  cleanup?.defer('API A', () => stopServer(apiA));
  const seeded = spawnSync(
    process.execPath,
    [path.join(API_DIST, 'seed-bulk.js'), String(LISTINGS), ...LISTINGS_ONLY],
    {
      cwd: repoRoot,
      env: { ...process.env, ...apiEnv({ databaseUrl, emulatorPort, port: portA }) },
      encoding: 'utf8',
    },
  );
  if (seeded.status !== 0) throw new Error(`seed:bulk failed:\n${seeded.stdout}\n${seeded.stderr}`);
  const baseA = `http://127.0.0.1:${portA}`;
  const fx = await fixtures(`${baseA}/api/v1`, emulatorPort, databaseUrl);
  console.log(
    `   ${fx.payProducts.length + fx.bookProducts.length} listings available, ${fx.buyers.length} buyers signed up, ` +
      `the demo seller signed in (${Math.round((Date.now() - seedStarted) / 1000)} s)`,
  );

  // The saturation point: throughput stops growing while latency keeps growing. The smallest
  // connection count within 5% of the best throughput is taken.
  console.log(`\nRamp (${RAMP_SECONDS} s each):`);
  const ramp: LoadResults['ramp'] = [];
  for (let connections = RAMP_FROM; connections <= RAMP_TO; connections *= 2) {
    const run = await runMix({ base: baseA, connections, seconds: RAMP_SECONDS, fx });
    ramp.push({ connections, rps: run.total.rps, p50: run.total.p50, p99: run.total.p99 });
    console.log(
      `   ${String(connections).padStart(3)} connections: ${fmt(run.total.rps)} req/s, p50 ${run.total.p50} ms, p99 ${run.total.p99} ms`,
    );
    const previous = ramp.at(-2);
    if (ramp.length >= 3 && previous && run.total.rps < previous.rps * 1.05) break;
  }
  const best = Math.max(...ramp.map((r) => r.rps));
  // The best one itself qualifies, so there is always one.
  const saturation = ramp.find((r) => r.rps >= best * 0.95)?.connections ?? RAMP_FROM;
  console.log(`   saturation point: ${saturation} connections`);

  const results: LoadResults = {
    date: new Date().toISOString(),
    commit,
    seconds,
    database: 'postgres',
    listings: LISTINGS,
    buyers: BUYERS,
    ramp,
    saturation,
    runs: [],
    assertions: [],
    reported: [],
  };

  console.log(`\nOne API process, ${seconds} s at ${saturation} connections…`);
  const singleRun = await runMix({ base: baseA, connections: saturation, seconds, fx });
  const single = { ...singleRun, lost: await lostWrites(databaseUrl, singleRun.writes) };
  printRun(`One API process (${seconds} s, ${saturation} connections)`, single);
  results.runs.push({ name: 'one process', ...withoutWrites(single) });

  let apiB: Server = await startApi(apiEnv({ databaseUrl, emulatorPort, port: portB }));
  cleanup?.defer('API B', () => stopServer(apiB));
  const proxy = await startRetryProxy({ port: proxyPort, upstreams: [baseA, `http://127.0.0.1:${portB}`] });
  cleanup?.defer('proxy', () => proxy.close());
  const proxyBase = `http://127.0.0.1:${proxyPort}`;

  for (const { signal, runSeconds } of [
    { signal: 'SIGTERM', runSeconds: seconds },
    { signal: 'SIGKILL', runSeconds: Math.max(10, Math.round(seconds / 3)) },
  ] as const) {
    const before = { ...proxy.stats, failures: proxy.stats.failures.length };
    console.log(
      `\nTwo API processes behind the retrying proxy, ${runSeconds} s; ${signal} to one of them at ${runSeconds / 2} s, then restarted…`,
    );
    const during = async (): Promise<RestartEvents> => {
      await new Promise((resolve) => setTimeout(resolve, (runSeconds / 2) * 1000));
      const t0 = Date.now();
      const exited = exitOf(apiB.child);
      apiB.child.kill(signal);
      const { code, signal: endedBy } = await exited;
      const stoppedMs = Date.now() - t0;
      apiB = await startApi(apiEnv({ databaseUrl, emulatorPort, port: portB }));
      return { signal, exit: endedBy ?? code, stoppedMs, restartedMs: Date.now() - t0 };
    };
    const mixed = await runMix({ base: proxyBase, connections: saturation, seconds: runSeconds, fx, during });
    const lost = await lostWrites(databaseUrl, mixed.writes);
    const proxyFailed = proxy.stats.failed - before.failed;
    const run = {
      ...mixed,
      lost,
      restart: {
        ...mixed.events,
        proxyRetried: proxy.stats.retried - before.retried,
        proxyMarkedDown: proxy.stats.markedDown - before.markedDown,
        proxyFailed,
        failedRequests: mixed.total.unexpected + mixed.total.errors + mixed.total.timeouts,
        failures: proxy.stats.failures.slice(before.failures, before.failures + 30),
      } satisfies Restart,
    };
    printRun(
      `Two API processes behind the proxy, ${signal} + restart (${runSeconds} s, ${saturation} connections)`,
      run,
    );
    console.log(
      `restart: ${signal} → exited (${run.restart.exit}) after ${run.restart.stoppedMs} ms, listening again after ${run.restart.restartedMs} ms; ` +
        `proxy retried ${run.restart.proxyRetried} requests; ${run.restart.failedRequests} requests failed`,
    );
    for (const f of run.restart.failures.slice(0, 10)) console.log(`  ${f}`);
    results.runs.push({ name: `two processes, ${signal} + restart`, ...withoutWrites(run) });
  }
  await proxy.close();
  await stopServer(apiB);
  await stopServer(apiA);
  apiA = null;

  const [one, term, kill] = results.runs;
  if (!one || !term?.restart || !kill?.restart) throw new Error('load section: a run is missing');
  results.assertions = [
    { label: 'one process: 0 errors', value: one.total.unexpected + one.total.errors + one.total.timeouts },
    { label: 'one process: 0 lost writes', value: one.lost.lost },
    { label: 'SIGTERM restart behind the proxy: 0 failed requests', value: term.restart.failedRequests },
    { label: 'SIGTERM restart behind the proxy: 0 lost writes', value: term.lost.lost },
    { label: 'SIGKILL restart behind the proxy: 0 lost writes', value: kill.lost.lost },
  ].map((a) => ({ ...a, met: a.value === 0 }));
  results.reported = [
    { label: 'SIGKILL restart behind the proxy: failed requests', value: kill.restart.failedRequests },
    // Bookings and payments write all through the run (a paid listing is sold, so it is forgotten).
    ...results.runs.map((r) => ({
      label: `${r.name}: catalogue cache hit rate, %`,
      value: Number(((cacheHitRate(r.cache) ?? 0) * 100).toFixed(1)),
    })),
  ];

  console.log('\nLoad section summary\n');
  console.log(
    table(
      ['run', 'conns', 'req/s', 'p50', 'p99', 'failed', 'writes acked', 'lost'],
      results.runs.map((r) => [
        r.name,
        r.total.connections,
        fmt(r.total.rps),
        `${r.total.p50} ms`,
        `${r.total.p99} ms`,
        r.total.unexpected + r.total.errors + r.total.timeouts,
        r.lost.acknowledged,
        r.lost.lost,
      ]),
    ),
  );
  console.log('');
  for (const a of results.assertions) console.log(`  ${a.met ? 'ok  ' : 'FAIL'}  ${a.label}: ${a.value}`);
  for (const r of results.reported) console.log(`  info  ${r.label}: ${r.value}`);
  const file = writeResults(outDir, results, { prefix: 'load', latest: 'load-latest.json' });
  console.log(`\nResults: ${path.relative(repoRoot, file)}`);
  const failed = results.assertions.filter((a) => !a.met);
  if (failed.length)
    throw new Error(`load section: ${failed.map((a) => `${a.label} (${a.value})`).join(', ')}`);
  return results;
}

const withoutWrites = <R extends { writes: Writes }>({ writes: _writes, ...run }: R): Omit<R, 'writes'> =>
  run;
