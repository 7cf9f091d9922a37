// The saved-search alerts section of `pnpm bench` (issue 41 §4; `pnpm bench --alerts-only` runs
// just this, `--no-alerts` skips it): publishing listings while 10,000 saved searches wait to be
// matched. The API is built in-process on a fresh database (PGlite in memory, or the PostgreSQL of
// ALERTS_BENCH_DATABASE_URL) and driven through its real request pipeline (Fastify's inject:
// routing, auth by a signed API token, validation, the publish transaction) without a socket.
//   1. `listings` listings are published one after another (far faster than the 1,000 an hour the
//      issue asks for) with no saved search: the publish as it costs without alerts.
//   2. 10,000 saved searches of 500 buyers are stored (a mix of words, brands, price bands,
//      conditions, memory, category and year), through the API's own column builder.
//   3. The same `listings` listings are published again: each publish now notes the listing as
//      waiting (saved-searches.service.ts alertSavedSearches), while the API's own round
//      (plugins/expiry-sweeps.ts, every second) matches it against the saved searches and tells
//      the owners after commit, on the same database. The bench then waits for the round to match
//      the last listing and tell the last match: the bell's lag, and the time the throughput
//      figure counts (publishing, matching and telling).
//   4. Paced, before the searches are stored and again after: 3 rounds of 200 publishes at 4 a
//      second (14,400 an hour, 14 times the 1,000), each at its turn whatever the previous
//      took. A round's p99 is its second slowest publish, so one burst of noise on this shared
//      machine moves it: the median of the 3 rounds' p99 is the figure, with no saved search (the
//      limit) and with 10,000, side by side.
// Prints the publish median/p99 of the phases side by side, the matches and bell rows per listing,
// and the matching throughput (listings matched per second); the 50 ms p99 target is judged on
// the paced phase with the saved searches (the median round) and reported, not enforced. Writes
// bench-results/alerts-<time>.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from 'web-server/runtime-config';
import { percentile } from './shared.ts';
import { table } from './table.ts';

export const ALERTS_SEARCHES = 10_000;
export const ALERTS_LISTINGS = 1_000;
const BUYERS = 500;
const TARGET_P99_MS = 50;
/**
 * The paced phases: publishes at 4 a second, 14,400 an hour, 14 times the 1,000 an hour the issue
 * asks to keep up with, in rounds of 200. The 50 ms target is judged here: back to back, as fast as
 * one client can publish, the round's matching runs all the time and shares the two cores.
 */
const PACED_PER_SECOND = 4;
const PACED_LISTINGS = 200;
const PACED_ROUNDS = 3;

const BRANDS = [
  ['Lenovo ThinkPad T14', 'thinkpad'],
  ['Dell Latitude 7490', 'latitude'],
  ['HP EliteBook 840 G6', 'elitebook'],
  ['Apple MacBook Air M1', 'macbook'],
  ['Asus ZenBook 14', 'zenbook'],
  ['Acer Aspire 5', 'aspire'],
  ['Lenovo IdeaPad 5', 'ideapad'],
  ['HP ProBook 450 G8', 'probook'],
  ['Dell XPS 13', 'xps'],
  ['Asus VivoBook 15', 'vivobook'],
] as const;
const CONDITIONS = ['Excellent', 'Good', 'Fair'] as const;
/** Generations per model line in listing names (`… G3`): a buyer's words name one. */
const GENERATIONS = 5;

/** A deterministic pseudo-random stream, so two runs store the same mix. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** One saved search's query string, as the search page would make it. */
function searchQuery(next: () => number): string {
  const p = new URLSearchParams();
  const brand = BRANDS[Math.floor(next() * BRANDS.length)]!;
  // Most buyers name a model line and a generation (`thinkpad g3`), some only the line.
  if (next() < 0.9)
    p.set('q', next() < 0.7 ? `${brand[1]} g${1 + Math.floor(next() * GENERATIONS)}` : brand[1]);
  if (next() < 0.6) p.set('maxPrice', String(20_000 + Math.floor(next() * 13) * 10_000));
  if (next() < 0.25) p.set('minPrice', String(10_000 + Math.floor(next() * 3) * 5_000));
  if (next() < 0.4) p.set('condition', next() < 0.5 ? 'Excellent' : 'Excellent,Good');
  if (next() < 0.3) p.set('minRam', next() < 0.5 ? '8' : '16');
  if (next() < 0.3) p.set('category', '03');
  if (next() < 0.15) p.set('minYear', String(2017 + Math.floor(next() * 5)));
  if (!p.size) p.set('q', brand[1]);
  if (next() < 0.3) p.set('sort', 'newest');
  // A unique tail per search is no filter: `location` narrows only by place, 1 in 10 have one.
  if (next() < 0.1) p.set('location', 'Dhaka');
  return p.toString();
}

interface Phase {
  p50: number;
  p99: number;
  max: number;
  perSecond: number;
}

const phaseOf = (ms: number[], seconds: number): Phase => {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
    perSecond: ms.length / seconds,
  };
};

/** Rounds of paced publishes: the median round by p99 is the figure, every round's p99 beside it. */
interface PacedPhase extends Phase {
  count: number;
  perHour: number;
  roundsP99: number[];
  /** From the last publish of the last round answering to its owners' bell rows being written. */
  bellCatchUpMs: number;
}

/** The round whose p99 is the median of the rounds' (the middle one of 3), with all rounds' p99. */
function medianRound(rounds: Phase[], count: number, perSecond: number, bellCatchUpMs: number): PacedPhase {
  const byP99 = [...rounds].sort((a, b) => a.p99 - b.p99);
  return {
    ...byP99[Math.floor(byP99.length / 2)]!,
    count,
    perHour: perSecond * 3600,
    roundsP99: rounds.map((r) => r.p99),
    bellCatchUpMs,
  };
}

export interface AlertsResults {
  database: string;
  searches: number;
  listings: number;
  withoutAlerts: Phase;
  withAlerts: Phase;
  /** With no saved search, publishing at PACED_PER_SECOND: the limit the paced figure is set beside. */
  pacedWithoutAlerts: PacedPhase;
  /** With the saved searches, publishing at PACED_PER_SECOND: the phase the target is judged on. */
  paced: PacedPhase;
  matchesPerListing: number;
  notificationsPerListing: number;
  /** From the last publish answering to its owners' bell rows being written. */
  bellCatchUpMs: number;
  /** Listings published and told per second, the bell's catch-up counted. */
  matchedPerSecond: number;
  targetP99Ms: number;
}

export async function benchAlerts({
  outDir,
  listings = ALERTS_LISTINGS,
  searches = ALERTS_SEARCHES,
  databaseUrl = process.env.ALERTS_BENCH_DATABASE_URL ?? '',
}: {
  outDir: string;
  listings?: number;
  searches?: number;
  databaseUrl?: string;
}): Promise<AlertsResults> {
  const load = (...parts: string[]) =>
    import(pathToFileURL(path.join(repoRoot, 'api', 'src', ...parts)).href);
  const { loadConfig } = await load('config.ts');
  const { createDatabase } = await load('db', 'index.ts');
  const { buildApp } = await load('app.ts');
  const { seedIfEmpty } = await load('seed', 'seed.ts');
  const { signApiToken } = await load('auth', 'api-token.ts');
  const { readSearchQuery, columnsOf } = await load('modules', 'saved-searches', 'saved-searches.service.ts');
  const { insertSearch } = await load('modules', 'saved-searches', 'saved-searches.repository.ts');
  const { sql } = await import(
    pathToFileURL(path.join(repoRoot, 'api', 'node_modules', 'drizzle-orm', 'index.js')).href
  );

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-bench-alerts-'));
  if (databaseUrl) {
    const { default: pg } = await import(
      pathToFileURL(path.join(repoRoot, 'api', 'node_modules', 'pg', 'lib', 'index.js')).href
    );
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public',
    );
    await client.end();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    MONEY_SWEEP_SECONDS: '3600',
  });
  if (!databaseUrl) config.databaseUrl = 'memory://';
  const database = await createDatabase({ databaseUrl: config.databaseUrl });
  const kind = databaseUrl ? 'PostgreSQL' : 'PGlite';
  try {
    await database.migrate();
    const app = await buildApp({
      db: database.db,
      config,
      databaseKind: database.kind,
      logger: false,
      notifications: database.notifications,
    });
    await seedIfEmpty({ db: database.db, auth: app.deps.auth, withDemoAccounts: false });
    await app.ready();
    const db = database.db;
    const rows = async <T>(q: unknown) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

    // The seller and the buyers are rows; the seller signs in with an API token (no emulator).
    const sellerEmail = 'bench-alerts-seller@example.com';
    await db.execute(
      sql`insert into users (id, firebase_uid, email, name, role) values ('bench-seller', 'bench-seller-uid', ${sellerEmail}, 'Bench Seller', 'seller')`,
    );
    await db.execute(sql`insert into users (id, email, name, role, language)
      select 'bench-buyer-' || i, 'bench-buyer-' || i || '@example.com', 'Buyer ' || i, 'buyer', case when i % 3 = 0 then 'bn' else 'en' end
      from generate_series(1, ${BUYERS}) i`);
    const token = signApiToken(config.apiTokenSecret, 'bench-seller-uid', sellerEmail);
    const [image] = await rows<{ image_url: string }>(
      sql`select image_url from products where image_url is not null limit 1`,
    );
    const next = random(41);
    const listing = (i: number) => {
      const brand = BRANDS[i % BRANDS.length]!;
      const ram = [8, 16, 32][i % 3]!;
      return {
        productName: `${brand[0]} G${1 + (Math.floor(i / BRANDS.length) % GENERATIONS)} #${i}`,
        price: 15_000 + Math.floor(next() * 140) * 1_000,
        originalPrice: 200_000,
        // Listings accept only this API's own images; the seed stores their paths relative.
        image: /^https?:/.test(image!.image_url)
          ? image!.image_url
          : `${config.publicApiUrl}/${image!.image_url.replace(/^\//, '')}`,
        quality: CONDITIONS[i % 3],
        phone: '+880 1711 000000',
        location: i % 4 === 0 ? 'Dhaka' : 'Chattogram',
        category: ['03', '04', '05'][i % 3],
        description: `Core i${i % 2 ? 5 : 7}, ${ram} GB RAM, 512 GB SSD`,
        year: 2016 + (i % 8),
        specs: {
          processor: `Intel Core i${i % 2 ? 5 : 7}-8350U`,
          ramGb: ram,
          storageGb: 512,
          storageType: 'SSD',
          screenInches: 14,
          resolution: '1920x1080',
          graphics: 'Intel UHD Graphics 620',
          os: 'Windows 11',
        },
      };
    };
    const publish = async (i: number) => {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/add-products',
        headers: { authorization: `Bearer ${token}` },
        payload: listing(i),
      });
      const ms = performance.now() - started;
      if (res.statusCode !== 200 && res.statusCode !== 201)
        throw new Error(`publishing listing ${i} answered ${res.statusCode}: ${res.body}`);
      return ms;
    };
    const run = async (from: number) => {
      const ms: number[] = [];
      const started = performance.now();
      for (let i = from; i < from + listings; i += 1) ms.push(await publish(i));
      return phaseOf(ms, (performance.now() - started) / 1000);
    };
    /** Each publish starts at its turn of `perSecond`, whatever the previous one took. */
    const runPaced = async (from: number, count: number, perSecond: number) => {
      const started = performance.now();
      const answers = Array.from({ length: count }, async (_, k) => {
        await new Promise((resolve) => setTimeout(resolve, (k * 1000) / perSecond));
        return publish(from + k);
      });
      const ms = await Promise.all(answers);
      return phaseOf(ms, (performance.now() - started) / 1000);
    };

    /** Waits until the round has matched every listing and told every match. */
    const allTold = async (since: number) => {
      for (;;) {
        const [untold] = await rows<{ n: number }>(
          sql`select ((select count(*) from saved_search_matches where told_at is null)
            + (select count(*) from saved_search_unmatched))::int as n`,
        );
        if (untold!.n === 0) return;
        // A round that keeps failing would otherwise hold the bench forever.
        if (performance.now() - since > 120_000)
          throw new Error(
            `${untold!.n} listings unmatched or matches untold 2 minutes after the last publish`,
          );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    console.log(`Alerts bench on ${kind}: warming up…`);
    for (let i = 0; i < 50; i += 1) await publish(1_000_000 + i);
    console.log(`  publishing ${listings} listings with no saved search…`);
    const withoutAlerts = await run(0);
    /** PACED_ROUNDS rounds of PACED_LISTINGS paced publishes from `from`, the bell caught up after each. */
    const pacedRounds = async (from: number) => {
      const rounds: Phase[] = [];
      let bellCatchUpMs = 0;
      for (let round = 0; round < PACED_ROUNDS; round += 1) {
        rounds.push(await runPaced(from + round * PACED_LISTINGS, PACED_LISTINGS, PACED_PER_SECOND));
        const answered = performance.now();
        await allTold(answered);
        bellCatchUpMs = performance.now() - answered;
      }
      return medianRound(rounds, PACED_LISTINGS, PACED_PER_SECOND, bellCatchUpMs);
    };
    console.log(
      `  publishing ${PACED_ROUNDS} rounds of ${PACED_LISTINGS} listings at ${PACED_PER_SECOND} a second with no saved search…`,
    );
    const pacedWithoutAlerts = await pacedRounds(3 * listings);

    console.log(`  storing ${searches} saved searches of ${BUYERS} buyers…`);
    await db.transaction(async (tx: unknown) => {
      for (let i = 0; i < searches; i += 1) {
        const { search, canonical } = readSearchQuery(searchQuery(next));
        // A search number keeps two equal mixes of one buyer apart (the unique key is the query).
        await insertSearch(
          tx,
          columnsOf(`bench-search-${i}`, `bench-buyer-${(i % BUYERS) + 1}`, `${canonical}&n=${i}`, search),
        );
      }
    });
    await db.execute(sql`analyze saved_searches`);
    const before = await rows<{ m: number; n: number }>(
      sql`select (select count(*) from saved_search_matches)::int as m, (select count(*) from notifications)::int as n`,
    );
    console.log(`  publishing ${listings} listings with ${searches} saved searches…`);
    const phaseStarted = performance.now();
    const withAlerts = await run(listings);
    const lastAnswered = performance.now();
    await allTold(lastAnswered);
    const bellCatchUpMs = performance.now() - lastAnswered;
    const matchedPerSecond = listings / ((performance.now() - phaseStarted) / 1000);
    const after = await rows<{ m: number; n: number }>(
      sql`select (select count(*) from saved_search_matches)::int as m, (select count(*) from notifications)::int as n`,
    );
    console.log(
      `  publishing ${PACED_ROUNDS} rounds of ${PACED_LISTINGS} listings at ${PACED_PER_SECOND} a second with ${searches} saved searches…`,
    );
    const paced = await pacedRounds(2 * listings);
    await app.close();
    const results: AlertsResults = {
      database: kind,
      searches,
      listings,
      withoutAlerts,
      withAlerts,
      pacedWithoutAlerts,
      paced,
      matchesPerListing: (after[0]!.m - before[0]!.m) / listings,
      notificationsPerListing: (after[0]!.n - before[0]!.n) / listings,
      bellCatchUpMs,
      matchedPerSecond,
      targetP99Ms: TARGET_P99_MS,
    };
    printAlerts(results);
    mkdirSync(outDir, { recursive: true });
    const file = path.join(
      outDir,
      `alerts-${kind.toLowerCase()}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`  wrote ${path.relative(repoRoot, file)}`);
    return results;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmtHour = (n: number) => Math.round(n).toLocaleString('en');

function printAlerts(r: AlertsResults) {
  const f = (n: number) => n.toFixed(1);
  console.log(`\nPublish latency on ${r.database}, ${r.listings} listings each (ms):`);
  console.log(
    table(
      ['', 'p50', 'p99', 'max', 'listings/s'],
      [
        [
          'no saved searches',
          f(r.withoutAlerts.p50),
          f(r.withoutAlerts.p99),
          f(r.withoutAlerts.max),
          f(r.withoutAlerts.perSecond),
        ],
        [
          `${r.searches} saved searches`,
          f(r.withAlerts.p50),
          f(r.withAlerts.p99),
          f(r.withAlerts.max),
          f(r.withAlerts.perSecond),
        ],
        ...[
          ['no saved searches', r.pacedWithoutAlerts] as const,
          [`${r.searches} saved searches`, r.paced] as const,
        ].map(([what, p]) => [
          `${what}, paced at ${fmtHour(p.perHour)}/h (median of ${p.roundsP99.length} rounds of ${p.count})`,
          f(p.p50),
          f(p.p99),
          f(p.max),
          f(p.perSecond),
        ]),
      ],
    ),
  );
  const rounds = (p: PacedPhase) => p.roundsP99.map(f).join(', ');
  console.log(
    `  paced rounds' p99: ${rounds(r.pacedWithoutAlerts)} ms with no saved search; ${rounds(r.paced)} ms with ${r.searches}`,
  );
  console.log(
    `  matches per listing ${f(r.matchesPerListing)}, bell rows per listing ${f(r.notificationsPerListing)}; ` +
      `the bell caught up ${f(r.bellCatchUpMs)} ms after the last publish; ` +
      `matching keeps up with ${Math.round(r.matchedPerSecond * 3600)} listings an hour (needed: 1,000); ` +
      `paced, the bell caught up ${f(r.paced.bellCatchUpMs)} ms after the last publish; ` +
      `p99 target ${r.targetP99Ms} ms at ${fmtHour(r.paced.perHour)} an hour (median round): ${r.paced.p99 <= r.targetP99Ms ? 'met' : 'NOT met'}`,
  );
}
