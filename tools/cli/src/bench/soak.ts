// The soak section of `pnpm bench` (`pnpm bench --soak` runs just this, `--no-soak` skips it):
// the load section's mixed traffic (mixed-traffic.ts) for --soak-minutes (10) at 16 connections,
// on PostgreSQL through two API replicas behind the retrying proxy (retry-proxy.ts). At 30% of
// the run replica A is SIGKILLed and started again at once, at 70% replica B; the proxy routes
// around the dead one meanwhile. Every write carries an Idempotency-Key of its own.
// Every 10 s it samples each replica's RSS (/proc/<pid>/status), the bench database's connections
// (pg_stat_activity), the machine's load average and each replica's /metrics over loopback
// (Prometheus text, kept as CSV).
// It reports failed requests, acknowledged writes lost (every 2xx write must be in the database
// at the end), p99 per route per minute, RSS per replica per minute (one row per process
// lifetime, so restarts show) and connections per minute, and FAILS unless there are 0 failed
// requests, 0 lost writes and no process's RSS grew more than 10% after warm-up
// (soak-measures.ts judgeRss; docs/decisions/0054-soak-verdict.md). Writes bench-results/soak-<time>.json,
// .md and -metrics.csv (and soak-latest.*).
import { appendFileSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { preparePostgres } from '../postgres.ts';
import { repoRoot } from 'web-server/runtime-config';
import { ensureAuthEmulator, exitOf, type SectionOptions } from './processes.ts';
import { stopServer, type Server } from './load.ts';
import { resultStamp, writeResults } from './report.ts';
import { table } from './table.ts';
import { LISTINGS_ONLY } from './shared.ts';
import { startRetryProxy, type ProxyStats } from './retry-proxy.ts';
import {
  API_DIST,
  apiEnv,
  buildApi,
  fixtures,
  LISTINGS,
  lostWrites,
  pg,
  runMix,
  startApi,
  type LostWrites,
  type Summary,
} from './mixed-traffic.ts';
import {
  csvLines,
  judgeRss,
  maxPerMinute,
  mb,
  metricRows,
  METRICS_CSV_HEADER,
  MinuteLatencies,
  MINUTE_MS,
  routeOf,
  rssFromProcStatus,
  type Lifetime,
  type RouteMinute,
  type RssJudgement,
  type Sample,
} from './soak-measures.ts';

export const SOAK_MINUTES = 10;
const CONNECTIONS = 16;
const SAMPLE_EVERY_MS = 10_000;
/** When each replica is SIGKILLed, as a share of the run: A at 30%, B at 70%. */
const KILLS = [
  { slot: 'A', at: 0.3 },
  { slot: 'B', at: 0.7 },
] as const;
const METRICS_PATH = '/metrics';
const DATA_DIR = path.join(repoRoot, '.data-bench-soak');

type Slot = (typeof KILLS)[number]['slot'];

interface Replica {
  slot: Slot;
  port: number;
  server: Server;
  lifetimes: Lifetime[];
}

/** What one scrape of a replica's /metrics gave: the HTTP status, or why there was none. */
interface ScrapeCounts {
  ok: number;
  failed: Record<string, number>;
  rows: number;
  bucketsLeftOut: number;
}

interface Kill {
  slot: Slot;
  plannedAtMs: number;
  killedAtMs: number;
  exit: NodeJS.Signals | number | null;
  pid: number;
  newPid: number;
  listeningAfterMs: number;
}

interface Condition {
  label: string;
  value: string;
  met: boolean;
}

/** What the soak writes to bench-results/soak-<time>.json (and returns). */
interface SoakResults {
  date: string;
  commit: string;
  minutes: number;
  connections: number;
  database: 'postgres';
  listings: number;
  kills: Kill[];
  scenarios: Summary[];
  total: Summary;
  failedRequests: number;
  lost: LostWrites;
  proxy: Omit<ProxyStats, 'failures'> & { failures: string[] };
  perMinute: RouteMinute[];
  rss: { slot: Slot; pid: number; startMs: number; endMs: number; maxPerMinuteBytes: (number | null)[] }[];
  rssJudgements: RssJudgement[];
  databaseConnections: { samples: Sample[]; maxPerMinute: (number | null)[] };
  /** The machine's 1-minute load average, sampled with the rest: a shared machine's busy minutes. */
  machineLoad: { cpus: number; samples: Sample[]; maxPerMinute: (number | null)[] };
  metrics: { csv: string; path: string; scrapes: Record<Slot, ScrapeCounts> };
  verdict: { passed: boolean; conditions: Condition[] };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const clock = (ms: number) =>
  `${Math.floor(ms / MINUTE_MS)}:${String(Math.floor((ms % MINUTE_MS) / 1000)).padStart(2, '0')}`;

/** RSS of a live process in bytes; null once it is gone. */
function rssOf(pid: number): number | null {
  try {
    return rssFromProcStatus(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Runs the soak. Ports: `ports.api` replica A, +1 replica B, +2 the proxy; the Auth Emulator on
 * `ports.authEmulator` (started unless one answers there). `SOAK_BENCH_DATABASE` names the
 * PostgreSQL database it recreates (`secondbyte_bench_soak`).
 */
export async function benchSoak({
  ports,
  outDir,
  minutes = SOAK_MINUTES,
  noBuild = false,
  commit,
  cleanup,
}: SectionOptions & { minutes?: number }): Promise<SoakResults | null> {
  if (!noBuild) buildApi();
  const database = process.env.SOAK_BENCH_DATABASE ?? 'secondbyte_bench_soak';
  const databaseUrl = preparePostgres(database);
  if (!databaseUrl) {
    console.log('Soak section: no PostgreSQL cluster on this machine, skipped');
    return null;
  }
  const emulatorPort = ports.authEmulator;
  await ensureAuthEmulator(emulatorPort, path.join(DATA_DIR, 'emulator'), cleanup);
  rmSync(path.join(DATA_DIR, 'images'), { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const envFor = (port: number) => apiEnv({ databaseUrl, emulatorPort, port, dataDir: DATA_DIR });

  const slotPorts: Record<Slot, number> = { A: ports.api, B: ports.api + 1 };
  const proxyPort = ports.api + 2;
  console.log(
    `\n== Soak: PostgreSQL ${database}, replicas on :${slotPorts.A} and :${slotPorts.B}, proxy on :${proxyPort}`,
  );
  console.log(`   seeding ${fmt(LISTINGS)} listings…`);
  const replicas: Record<Slot, Replica | null> = { A: null, B: null };
  cleanup?.defer('replica A', () => stopServer(replicas.A?.server));
  cleanup?.defer('replica B', () => stopServer(replicas.B?.server));
  const start = async (slot: Slot): Promise<Replica> => {
    const startMs = Date.now();
    const server = await startApi(envFor(slotPorts[slot]));
    const pid = server.child.pid ?? 0;
    const lifetime: Lifetime = { slot, pid, startMs, endMs: Number.NaN, rss: [] };
    const replica = replicas[slot] ?? { slot, port: slotPorts[slot], server, lifetimes: [] };
    replica.server = server;
    replica.lifetimes.push(lifetime);
    replicas[slot] = replica;
    return replica;
  };
  await start('A');
  const seeded = spawnSync(
    process.execPath,
    [path.join(API_DIST, 'seed-bulk.js'), String(LISTINGS), ...LISTINGS_ONLY],
    { cwd: repoRoot, env: { ...process.env, ...envFor(slotPorts.A) }, encoding: 'utf8' },
  );
  if (seeded.status !== 0) throw new Error(`seed:bulk failed:\n${seeded.stdout}\n${seeded.stderr}`);
  const fx = await fixtures(`http://127.0.0.1:${slotPorts.A}/api/v1`, emulatorPort, databaseUrl);
  await start('B');
  const proxy = await startRetryProxy({
    port: proxyPort,
    upstreams: [`http://127.0.0.1:${slotPorts.A}`, `http://127.0.0.1:${slotPorts.B}`],
  });
  cleanup?.defer('proxy', () => proxy.close());

  // The run's files share one time stamp; the CSV grows scrape by scrape, so a broken run keeps it.
  const date = new Date().toISOString();
  mkdirSync(outDir, { recursive: true });
  const csvPath = path.join(outDir, `soak-${resultStamp(date)}-metrics.csv`);
  writeFileSync(csvPath, METRICS_CSV_HEADER);
  const scrapes: Record<Slot, ScrapeCounts> = {
    A: { ok: 0, failed: {}, rows: 0, bucketsLeftOut: 0 },
    B: { ok: 0, failed: {}, rows: 0, bucketsLeftOut: 0 },
  };
  const connectionSamples: Sample[] = [];
  const loadSamples: Sample[] = [];
  const sampler = new pg.Client({ connectionString: databaseUrl });
  await sampler.connect();
  cleanup?.defer('connection sampler', () => sampler.end().catch(() => {}));

  /** One scrape of a replica's /metrics over loopback; `up` 1 or 0 is written as Prometheus does. */
  const scrape = async (replica: Replica, timestamp: string) => {
    const counts = scrapes[replica.slot];
    const up = (value: 0 | 1, status: string) =>
      appendFileSync(
        csvPath,
        csvLines([
          {
            timestamp,
            replica: replica.slot,
            metric: 'up',
            labels: `{status="${status}"}`,
            value: String(value),
          },
        ]),
      );
    try {
      const res = await fetch(`http://127.0.0.1:${replica.port}${METRICS_PATH}`, {
        signal: AbortSignal.timeout(5_000),
      });
      const text = await res.text();
      if (!res.ok) {
        counts.failed[res.status] = (counts.failed[res.status] ?? 0) + 1;
        up(0, String(res.status));
        return;
      }
      const { rows, bucketsLeftOut } = metricRows(text, { timestamp, replica: replica.slot });
      counts.ok++;
      counts.rows += rows.length;
      counts.bucketsLeftOut += bucketsLeftOut;
      up(1, String(res.status));
      appendFileSync(csvPath, csvLines(rows));
    } catch (error) {
      const failure = error as { name?: string; cause?: { code?: string } };
      const why = failure.cause?.code ?? failure.name ?? 'error';
      counts.failed[why] = (counts.failed[why] ?? 0) + 1;
      up(0, why);
    }
  };
  const sample = async () => {
    const atMs = Date.now();
    const timestamp = new Date(atMs).toISOString();
    loadSamples.push({ atMs, value: Number((os.loadavg()[0] ?? 0).toFixed(1)) });
    const live = Object.values(replicas).filter((r): r is Replica => r !== null);
    for (const replica of live) {
      const lifetime = replica.lifetimes.at(-1);
      const rss = lifetime ? rssOf(lifetime.pid) : null;
      if (lifetime && rss !== null) lifetime.rss.push({ atMs, value: rss });
    }
    const { rows } = await sampler.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    connectionSamples.push({ atMs, value: Number(rows[0]?.n ?? 0) });
    await Promise.all(live.map((replica) => scrape(replica, timestamp)));
  };
  let sampling: Promise<void> = Promise.resolve();
  const sampleInTurn = () => {
    // A slow tick (a replica not answering its scrape) delays the next instead of piling up.
    sampling = sampling.then(sample).catch((error: unknown) => {
      console.error(`  sample failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  };

  const seconds = minutes * 60;
  const startMs = Date.now();
  // A process's warm-up is counted from the traffic's start: seeding is not the soak's load.
  for (const replica of Object.values(replicas))
    for (const l of replica?.lifetimes ?? []) l.startMs = startMs;
  const latencies = new MinuteLatencies(startMs, minutes);
  const kills: Kill[] = [];
  /** SIGKILL each replica in its turn and start it again at once; the proxy routes around it. */
  const killInTurn = async () => {
    for (const { slot, at } of KILLS) {
      const plannedAtMs = Math.round(at * seconds * 1000);
      await sleep(startMs + plannedAtMs - Date.now());
      const replica = replicas[slot];
      if (!replica) throw new Error(`replica ${slot} is not running`);
      const lifetime = replica.lifetimes.at(-1);
      const killedAtMs = Date.now();
      const exited = exitOf(replica.server.child);
      replica.server.child.kill('SIGKILL');
      const { code, signal } = await exited;
      if (lifetime) lifetime.endMs = Date.now();
      const restarted = await start(slot);
      const newPid = restarted.lifetimes.at(-1)?.pid ?? 0;
      const listeningAfterMs = Date.now() - killedAtMs;
      kills.push({
        slot,
        plannedAtMs,
        killedAtMs: killedAtMs - startMs,
        exit: signal ?? code,
        pid: lifetime?.pid ?? 0,
        newPid,
        listeningAfterMs,
      });
      console.log(
        `   ${clock(killedAtMs - startMs)} SIGKILL replica ${slot} (pid ${lifetime?.pid}); pid ${newPid} listening after ${listeningAfterMs} ms`,
      );
    }
  };

  console.log(
    `\nSoak: ${minutes} min at ${CONNECTIONS} connections through the proxy; SIGKILL replica A at ${clock(KILLS[0].at * seconds * 1000)}, ` +
      `B at ${clock(KILLS[1].at * seconds * 1000)}, each restarted at once; samples every ${SAMPLE_EVERY_MS / 1000} s…`,
  );
  sampleInTurn();
  const ticker = setInterval(sampleInTurn, SAMPLE_EVERY_MS);
  const progress = setInterval(() => console.log(`   ${clock(Date.now() - startMs)} running…`), MINUTE_MS);
  let mixed;
  try {
    mixed = await runMix({
      base: `http://127.0.0.1:${proxyPort}`,
      connections: CONNECTIONS,
      seconds,
      fx,
      during: killInTurn,
      observe: ({ scenario, request, atMs, ms, failed }) =>
        latencies.add({ route: request ? routeOf(request) : `${scenario}: no answer`, atMs, ms, failed }),
    });
  } finally {
    clearInterval(ticker);
    clearInterval(progress);
  }
  sampleInTurn();
  await sampling;
  const endMs = Date.now();
  for (const replica of Object.values(replicas)) {
    const current = replica?.lifetimes.at(-1);
    if (current && Number.isNaN(current.endMs)) current.endMs = endMs;
  }
  await sampler.end();
  const lost = await lostWrites(databaseUrl, mixed.writes);
  // Closed only now: requests the load stopped waiting for finish first, and are not counted as
  // the proxy's failures.
  await proxy.close();
  const lifetimes = Object.values(replicas).flatMap((r) => r?.lifetimes ?? []);
  const rssJudgements = lifetimes.map((l) => judgeRss(l));
  const failedRequests = mixed.total.unexpected + mixed.total.errors + mixed.total.timeouts;
  const judgedOf = (slot: Slot) => rssJudgements.filter((j) => j.slot === slot && j.judged);
  const rssConditions = KILLS.map(({ slot }): Condition => {
    const judged = judgedOf(slot);
    const worst = Math.max(...judged.map((j) => j.growth ?? 0));
    const problems = rssJudgements.filter((j) => j.slot === slot && !j.met);
    return {
      label: `replica ${slot}: RSS growth ≤ 10% after warm-up`,
      value: judged.length
        ? `${(worst * 100).toFixed(1)}% (largest of ${judged.length} lifetimes judged)`
        : problems.length
          ? problems.map((p) => p.why).join('; ')
          : 'not judged: no process of this slot lived warm-up + 2 minutes',
      met: problems.length === 0,
    };
  });
  const conditions: Condition[] = [
    { label: '0 failed requests', value: String(failedRequests), met: failedRequests === 0 },
    { label: '0 acknowledged writes lost', value: String(lost.lost), met: lost.lost === 0 },
    ...rssConditions,
  ];
  const results: SoakResults = {
    date,
    commit,
    minutes,
    connections: CONNECTIONS,
    database: 'postgres',
    listings: LISTINGS,
    kills,
    scenarios: mixed.rows,
    total: mixed.total,
    failedRequests,
    lost,
    proxy: { ...proxy.stats, failures: proxy.stats.failures.slice(0, 30) },
    perMinute: latencies.rows(),
    rss: lifetimes.map((l) => ({
      slot: l.slot as Slot,
      pid: l.pid,
      startMs: l.startMs - startMs,
      endMs: l.endMs - startMs,
      maxPerMinuteBytes: maxPerMinute(l.rss, startMs, minutes),
    })),
    rssJudgements,
    databaseConnections: {
      samples: connectionSamples,
      maxPerMinute: maxPerMinute(connectionSamples, startMs, minutes),
    },
    machineLoad: {
      cpus: os.cpus().length,
      samples: loadSamples,
      maxPerMinute: maxPerMinute(loadSamples, startMs, minutes),
    },
    metrics: { csv: path.basename(csvPath), path: METRICS_PATH, scrapes },
    verdict: { passed: conditions.every((c) => c.met), conditions },
  };

  const md = soakMarkdown(results);
  console.log(`\n${scenarioTable([...mixed.rows, mixed.total])}\n\n${md}`);
  const file = writeResults(outDir, results, { prefix: 'soak', latest: 'soak-latest.json' });
  const mdFile = file.replace(/\.json$/, '.md');
  writeFileSync(mdFile, md);
  writeFileSync(path.join(outDir, 'soak-latest.md'), md);
  copyFileSync(csvPath, path.join(outDir, 'soak-latest-metrics.csv'));
  console.log(`Results: ${[file, mdFile, csvPath].map((f) => path.relative(repoRoot, f)).join(', ')}`);
  for (const replica of Object.values(replicas)) await stopServer(replica?.server);
  const failed = conditions.filter((c) => !c.met);
  if (failed.length) throw new Error(`soak: ${failed.map((c) => `${c.label} (${c.value})`).join(', ')}`);
  return results;
}

/** A Markdown table: header, separator, rows. */
const mdTable = (header: readonly string[], rows: readonly (readonly unknown[])[]) =>
  [header, header.map(() => '---'), ...rows].map((row) => `| ${row.map(String).join(' | ')} |`).join('\n');

/** The summary: verdict, kills, p99 per route per minute, RSS and connections per minute, scrapes. */
export function soakMarkdown(r: SoakResults): string {
  const minuteHeads = Array.from({ length: r.minutes }, (_, i) => `min ${i + 1}`);
  const routes = [...new Set(r.perMinute.map((m) => m.route))];
  const cell = (route: string, minute: number) => {
    const m = r.perMinute.find((x) => x.route === route && x.minute === minute);
    if (!m) return '';
    const p99 = m.p99 === null ? '—' : `${m.p99}`;
    return m.failed ? `${p99} (${m.failed} failed)` : p99;
  };
  const perMinute = (pick: (m: RouteMinute) => number) =>
    minuteHeads.map((_, i) => r.perMinute.filter((m) => m.minute === i).reduce((n, m) => n + pick(m), 0));
  const scrapeLine = (slot: Slot) => {
    const s = r.metrics.scrapes[slot];
    const failures = Object.entries(s.failed).map(([why, n]) => `${n} × ${why}`);
    return `- replica ${slot}: ${s.ok} scrapes answered 200 (${fmt(s.rows)} samples kept, ${fmt(s.bucketsLeftOut)} histogram buckets left out)${failures.length ? `; failed: ${failures.join(', ')}` : ''}`;
  };
  const w = r.lost;
  return [
    `# Soak (${r.date}, ${r.commit})`,
    '',
    `${r.minutes} min of mixed traffic at ${r.connections} connections, PostgreSQL with ${fmt(r.listings)} listings, two API replicas behind the retrying proxy; every write with an Idempotency-Key.`,
    '',
    `**Verdict: ${r.verdict.passed ? 'PASS' : 'FAIL'}**`,
    '',
    ...r.verdict.conditions.map((c) => `- ${c.met ? 'met' : '**FAILED**'} ${c.label}: ${c.value}`),
    '',
    `Requests: ${fmt(r.total.requests)} (${fmt(r.total.rps)} req/s, p50 ${r.total.p50} ms, p99 ${r.total.p99} ms); failed ${r.failedRequests} (${r.total.unexpected} unexpected statuses, ${r.total.errors} socket errors, ${r.total.timeouts} timeouts). ` +
      `Writes acknowledged: ${w.bookings.acknowledged} bookings (${w.bookings.found} found), ${w.paymentsStarted.acknowledged} payments started (${w.paymentsStarted.found} found), ${w.paymentsPaid.acknowledged} paid (${w.paymentsPaid.found} found paid). ` +
      `Proxy: ${fmt(r.proxy.requests)} requests, ${r.proxy.retried} retried, ${r.proxy.failed} failed.`,
    '',
    ...(r.proxy.failures.length
      ? [
          `The proxy's failures (the first ${Math.min(10, r.proxy.failures.length)}):`,
          '',
          ...r.proxy.failures.slice(0, 10).map((f) => `- ${f}`),
          '',
        ]
      : []),
    mdTable(
      ['kill', 'at', 'pid', 'exit', 'new pid listening after'],
      r.kills.map((k) => [
        `replica ${k.slot}`,
        clock(k.killedAtMs),
        k.pid,
        k.exit,
        `${k.newPid}, ${(k.listeningAfterMs / 1000).toFixed(1)} s`,
      ]),
    ),
    '',
    'p99 per route per minute (ms; failed requests in brackets):',
    '',
    mdTable(
      ['route', ...minuteHeads],
      [
        ...routes.map((route) => [route, ...minuteHeads.map((_, i) => cell(route, i))]),
        ['**requests**', ...perMinute((m) => m.requests).map(fmt)],
        ['**failed**', ...perMinute((m) => m.failed)],
      ],
    ),
    '',
    'RSS per process lifetime, largest sample per minute (MB), and growth after warm-up (first 2 minutes of each lifetime; its first minute after warm-up against its last):',
    '',
    mdTable(
      ['replica (pid, lived)', ...minuteHeads, 'growth'],
      r.rss.map((l) => {
        const j = r.rssJudgements.find((x) => x.pid === l.pid);
        return [
          `${l.slot} (${l.pid}, ${clock(Math.max(0, l.startMs))}–${clock(l.endMs)})`,
          ...l.maxPerMinuteBytes.map((b) => (b === null ? '' : mb(b))),
          j ? (j.judged ? `${j.met ? '' : '**'}${j.why}${j.met ? '' : '**'}` : j.why) : '',
        ];
      }),
    ),
    '',
    `Database connections (pg_stat_activity of the bench database) and the machine's 1-minute load average (${r.machineLoad.cpus} CPUs, shared with whatever else runs), largest sample per minute:`,
    '',
    mdTable(
      ['', ...minuteHeads],
      [
        ['connections', ...r.databaseConnections.maxPerMinute.map((n) => (n === null ? '' : n))],
        ['load average', ...r.machineLoad.maxPerMinute.map((n) => (n === null ? '' : n))],
      ],
    ),
    '',
    `\`${r.metrics.path}\` scraped from each replica every ${SAMPLE_EVERY_MS / 1000} s into ${r.metrics.csv}:`,
    '',
    scrapeLine('A'),
    scrapeLine('B'),
    '',
  ].join('\n');
}

/** The scenario table printed at the end of a run (the Markdown above holds the rest). */
const scenarioTable = (rows: readonly Summary[]) =>
  table(
    ['scenario', 'conns', 'requests', 'p50', 'p99', 'unexpected', 'errors', 'timeouts'],
    rows.map((s) => [
      s.name,
      s.connections,
      fmt(s.requests),
      `${s.p50} ms`,
      `${s.p99} ms`,
      s.unexpected,
      s.errors,
      s.timeouts,
    ]),
  );
