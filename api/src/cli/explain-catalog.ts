// pnpm --filter api explain:catalog [--database-url postgres://…] [--json out.json] [--analyze]
//   [--only search] [--repeat 5]
// Runs each catalogue read through the real app (cache off), records the SQL Drizzle sends, and
// prints PostgreSQL's plan for each (with --analyze, as run: EXPLAIN ANALYZE, BUFFERS), and the
// median time of the whole request over --repeat runs. --only keeps the reads whose name contains it. Fails when the page query (ORDER BY … LIMIT) of a read that
// must use an index reads the whole products table; counts are printed, not asserted
// (docs/decisions/0018-catalog-response-cache.md#query-plans-at-100000-listings).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase } from '../db/index';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    json: { type: 'string' },
    analyze: { type: 'boolean' },
    only: { type: 'string' },
    repeat: { type: 'string' },
  },
});
const repeat = Math.max(1, Number(values.repeat ?? 1));
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error(
    'usage: explain:catalog --database-url postgres://… (or DATABASE_URL): plans are PostgreSQL’s',
  );
  process.exit(2);
}

/** Each read, and whether its queries must avoid a sequential scan of products. */
const reads: {
  name: string;
  url: (id: string, cursor: string, relevanceCursor: string) => string;
  indexed: boolean;
}[] = [
  { name: 'category page 1', url: () => '/category/products/04', indexed: true },
  // OFFSET has to walk every row before the page: past about a quarter of a category the planner
  // rightly prefers one scan and a top-N sort. /search's cursor is the indexed way down.
  { name: 'category deep page', url: () => '/category/products/04?page=300', indexed: false },
  { name: 'search cursor page', url: (_id, cursor) => `/search?sort=newest&cursor=${cursor}`, indexed: true },
  { name: 'recent products', url: () => '/recent-product', indexed: true },
  { name: 'details', url: (id) => `/details/${id}`, indexed: true },
  { name: 'advertised', url: () => '/get-advertise', indexed: true },
  { name: 'search newest', url: () => '/search', indexed: true },
  { name: 'search price sort', url: () => '/search?sort=price-asc', indexed: true },
  { name: 'search full text', url: () => '/search?q=thinkpad', indexed: true },
  {
    name: 'search with a typo (corrected through the lexicon)',
    url: () => '/search?q=thinkpd',
    indexed: true,
  },
  // Relevance over every match (docs/decisions/0017-search-in-postgres.md#update-issue-39).
  { name: 'search relevance, a word most listings say', url: () => '/search?q=intel', indexed: true },
  { name: 'search relevance, two title words', url: () => '/search?q=thinkpad%20x1', indexed: true },
  { name: 'search relevance, description only', url: () => '/search?q=scratches', indexed: false },
  {
    name: 'search relevance, two common words rarely together',
    url: () => '/search?q=thinkpad%20macos',
    indexed: false,
  },
  { name: 'search relevance, a rare word', url: () => '/search?q=chromebook', indexed: false },
  {
    name: 'search relevance in one brand',
    url: () => '/search?category=03&q=thinkpad',
    indexed: true,
  },
  {
    name: 'search relevance, Bangla brand',
    url: () => '/search?q=%E0%A6%A1%E0%A7%87%E0%A6%B2',
    indexed: true,
  },
  {
    name: 'search relevance cursor page',
    url: (_id, _cursor, relevanceCursor) => `/search?q=intel&cursor=${relevanceCursor}`,
    indexed: true,
  },
  {
    name: 'search with no result (relaxations in one query)',
    url: () => '/search?q=xps&category=04&cpu=amd-ryzen-9&minRam=16',
    indexed: false,
  },
  { name: 'search location filter', url: () => '/search?location=gulshan&sort=price-asc', indexed: false },
  // A filter combination: the planner may rightly scan when a quarter of the table matches.
  {
    name: 'search spec filters',
    url: () => '/search?cpu=intel-core-i5&minRam=16&maxPrice=500',
    indexed: false,
  },
];

let recording: { sql: string; params: unknown[] }[] = [];
const config = loadConfig({
  ...process.env,
  CATALOG_CACHE: 'off',
  LOG_LEVEL: 'warn',
  FIREBASE_AUTH_EMULATOR_HOST: '',
});
config.databaseUrl = databaseUrl;
const database = await createDatabase({
  databaseUrl,
  logger: { logQuery: (sql, params) => recording.push({ sql, params }) },
});
await database.migrate();
const app = await buildApp({ db: database.db, config, databaseKind: database.kind, logger: false });
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const failures: string[] = [];
const report: { name: string; url: string; medianMs: number; queries: { sql: string; plan: string[] }[] }[] =
  [];
try {
  const [{ n }] = (await client.query('select count(*)::int as n from products')).rows as [{ n: number }];
  console.log(`products: ${n.toLocaleString('en')} rows\n`);
  const [first] = (await app.inject({ method: 'GET', url: '/api/v1/recent-product?limit=1' })).json() as [
    { _id: string },
  ];
  // A cursor 200 pages down the newest-first walk.
  let deepCursor = '';
  for (let page = 0; page < 200; page++) {
    const after = deepCursor ? `&cursor=${deepCursor}` : '';
    const res = await app.inject({ method: 'GET', url: `/api/v1/search?sort=newest${after}` });
    const next = (res.json() as { nextCursor: string | null }).nextCursor;
    if (!next) break;
    deepCursor = next;
  }
  // A cursor 20 pages down the relevance walk of a common word.
  let relevanceCursor = '';
  for (let page = 0; page < 20; page++) {
    const after = relevanceCursor ? `&cursor=${relevanceCursor}` : '';
    const res = await app.inject({ method: 'GET', url: `/api/v1/search?q=intel${after}` });
    const next = (res.json() as { nextCursor: string | null }).nextCursor;
    if (!next) break;
    relevanceCursor = next;
  }
  for (const read of reads.filter((r) => !values.only || r.name.includes(values.only))) {
    const url = read.url(first._id, deepCursor, relevanceCursor);
    const times: number[] = [];
    for (let run = 0; run < repeat; run++) {
      recording = [];
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/v1${url}` });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    }
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    const entry = {
      name: read.name,
      url,
      medianMs: median,
      queries: [] as { sql: string; plan: string[] }[],
    };
    console.log(`== ${read.name}: GET ${url}  (median of ${repeat}: ${median.toFixed(0)} ms)`);
    // Transactions and their SET LOCAL are replayed, so a query is explained under the settings
    // it ran with (search reads counts through the text index with sequential scans off).
    for (const q of recording) {
      if (/^(begin|commit|rollback|set local)\b/i.test(q.sql)) {
        await client.query(q.sql);
        continue;
      }
      if (!/\bfrom ("products"|search_lexicon)/.test(q.sql) || /^explain/i.test(q.sql)) continue;
      const explain = values.analyze ? 'explain (analyze, buffers)' : 'explain';
      const plan = (await client.query(`${explain} ${q.sql}`, q.params)).rows.map(
        (r: Record<string, string>) => r['QUERY PLAN']!,
      );
      entry.queries.push({ sql: q.sql, plan });
      const seq = plan.some((line) => /Seq Scan on products\b/.test(line));
      const pageQuery = /\border by\b/i.test(q.sql);
      console.log(`   [${pageQuery ? 'page' : /count\(/i.test(q.sql) ? 'count' : 'lookup'} query]`);
      console.log(plan.map((line) => `   ${line}`).join('\n'));
      if (seq && read.indexed && pageQuery) failures.push(`${read.name}: Seq Scan on products`);
    }
    report.push(entry);
    console.log('');
  }
} finally {
  await client.end();
  await app.close();
  await database.close();
}
if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2));
if (failures.length) {
  console.error(`FAILED: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('OK: no sequential scan of products in the indexed reads');
