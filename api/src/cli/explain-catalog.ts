// pnpm --filter api explain:catalog [--database-url postgres://…] [--json out.json]
// Runs each catalogue read through the real app (cache off), records the SQL Drizzle sends, and
// prints PostgreSQL's plan for each. Fails when the page query (ORDER BY … LIMIT) of a read that
// must use an index reads the whole products table; counts are printed, not asserted
// (docs/decisions/0018-catalog-response-cache.md#query-plans-at-100000-listings).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase } from '../db/index';

const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, json: { type: 'string' } } });
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error(
    'usage: explain:catalog --database-url postgres://… (or DATABASE_URL): plans are PostgreSQL’s',
  );
  process.exit(2);
}

/** Each read, and whether its queries must avoid a sequential scan of products. */
const reads: { name: string; url: (id: string, cursor: string) => string; indexed: boolean }[] = [
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
const report: { name: string; url: string; queries: { sql: string; plan: string[] }[] }[] = [];
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
  for (const read of reads) {
    const url = read.url(first._id, deepCursor);
    recording = [];
    const res = await app.inject({ method: 'GET', url: `/api/v1${url}` });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    const entry = { name: read.name, url, queries: [] as { sql: string; plan: string[] }[] };
    console.log(`== ${read.name}: GET ${url}`);
    for (const q of recording.filter((r) => /\bfrom "products"/.test(r.sql) && !/^explain/i.test(r.sql))) {
      const plan = (await client.query(`explain ${q.sql}`, q.params)).rows.map(
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
