// The catalogue-at-scale section of `pnpm bench` (`--catalogue-only` runs just this,
// `--no-catalogue` skips it): the compiled API on PostgreSQL at 1,000,000 listings and on PGlite
// at 100,000 (seed:bulk; a PostgreSQL database already seeded to that size is reused, PGlite's is
// seeded afresh), read by 10 concurrent readers while a marketplace's mix of writes runs beside them:
//   readers (2 connections each)  search (ten queries: words, specs, a typo, Bangla brand names,
//                                 filters), brand page 1, brand page 5,000, details, seller pages
//   writers (one connection each, a fixed rate in all)  chat messages, booking requests, price
//                                 edits, new listings — most writes change no listing
// Each round measures the reads with the catalogue cache on, then off (cold: every answer
// computed), then a bare Fastify route of the same size with 10 connections and nothing else
// running (the machine's limit). Reports p50/p99 per read (medians over the rounds), the cache's
// hit rate from X-Cache, and the targets. It fails on an unexpected answer. Writes
// bench-results/catalogue-<time>.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import type PgModule from 'pg';
import { repoRoot } from 'web-server/runtime-config';
import { preparePostgres } from '../postgres.ts';
import { median, startServer, stopServer, type Server } from './load.ts';
import { ensureAuthEmulator, type SectionOptions } from './processes.ts';
import { writeResults } from './report.ts';
import { table } from './table.ts';
import {
  api,
  cacheHitRate,
  countCacheInto,
  emulatorCall,
  LISTINGS_ONLY,
  percentile,
  type CacheCounts,
} from './shared.ts';

const fromApi = createRequire(path.join(repoRoot, 'api', 'package.json'));
const pg = fromApi('pg') as typeof PgModule;
/** The part of sharp (the API's image library) the bench's own photo needs. */
type Sharp = (
  input: Buffer,
  options: { raw: { width: number; height: number; channels: 1 } },
) => { resize(width: number, height: number): { png(): { toBuffer(): Promise<Buffer> } } };
const sharp = fromApi('sharp') as Sharp;
const API_DIST = path.join(repoRoot, 'api', 'dist');
const DATA_ROOT = path.join(repoRoot, '.data-bench-catalogue');
const POSTGRES_DATABASE = 'secondbyte_bench_catalogue';
export const CATALOGUE_SIZES = { postgres: 1_000_000, pglite: 100_000 } as const;
export type CatalogueDatabase = keyof typeof CATALOGUE_SIZES;
/** The deep brand page: page 5,000 of 20 listings, the 100,000th listing of a brand. */
const DEEP_PAGE = 5_000;
const DEEP_PAGE_SIZE = 20;
/** Writes per second in all, and each kind's share: chat dominates, listings change least. */
const WRITE_RATE = 20;
const WRITES = [
  { name: 'message', share: 0.6 },
  { name: 'booking', share: 0.2 },
  { name: 'price edit', share: 0.1 },
  { name: 'new listing', share: 0.1 },
] as const;
/** The buyers' searches: words, a spec, a typo, a no-match, brand names in Bangla script. */
export const CATALOGUE_SEARCHES = [
  'q=thinkpad',
  'q=macbook%20pro',
  'q=thinkpd%20x1',
  'q=core%20i5%2016gb',
  'q=rtx%203060',
  `q=${encodeURIComponent('ডেল')}`,
  `q=${encodeURIComponent('লেনোভো')}`,
  `q=${encodeURIComponent('অ্যাপল ম্যাকবুক')}`,
  `q=${encodeURIComponent('আসুস')}`,
  'cpu=intel-core-i5&minRam=16&maxPrice=500',
];
const READERS_PER_READ = 2;

interface Sample {
  ids: string[];
  sellers: string[];
  brands: string[];
  deepBrand: string;
}
type ReadName = 'search' | 'brand page 1' | `brand page ${number}` | 'details' | 'seller page';
interface Read {
  name: ReadName;
  path: () => string;
}
interface Figures {
  p50: number;
  p99: number;
  requests: number;
  unexpected: number;
}
interface RunFigures {
  reads: Record<string, Figures>;
  cache: CacheCounts;
  writes: Record<string, Figures>;
}
export interface CatalogueRow {
  read: string;
  warm: { p50: number; p99: number };
  cold: { p50: number; p99: number };
  requests: { warm: number; cold: number };
}
export interface CatalogueResults {
  database: CatalogueDatabase;
  listings: number;
  seconds: number;
  rounds: number;
  bare: { p50: number; p99: number; bytes: number };
  rows: CatalogueRow[];
  hitRate: number | null;
  writes: Record<string, { p50: number; p99: number; requests: number }>;
  targets: { label: string; value: string; met: boolean }[];
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const fmt = (n: number) => Math.round(n).toLocaleString('en');

function apiEnv(
  kind: CatalogueDatabase,
  size: number,
  databaseUrl: string,
  emulatorPort: number,
  port: number,
) {
  return {
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    API_HOST: '127.0.0.1',
    API_PORT: String(port),
    PUBLIC_API_URL: `http://127.0.0.1:${port}/api/v1`,
    DATA_DIR: path.join(DATA_ROOT, `${kind}-${size}`),
    DATABASE_URL: databaseUrl,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
  };
}

/** Listings in a PostgreSQL database (0 when it does not exist yet). */
async function postgresListings(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string }>('select count(*) as n from products');
    return Number(rows[0]?.n ?? 0);
  } catch {
    return 0;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The database at `size` listings: on PostgreSQL reused when an earlier run seeded it that far
 * (seeding a million takes a quarter of an hour), else made afresh with seed:bulk. PGlite's is
 * always made afresh (100,000 listings in about 100 s): the same code read 2-5 times fewer warm
 * answers from a PGlite database an earlier run had written to than from a fresh one
 * (docs/benchmark-log.md#catalogue-at-scale), so a reused one made runs incomparable.
 */
async function seeded(kind: CatalogueDatabase, size: number, emulatorPort: number): Promise<string> {
  const dataDir = path.join(DATA_ROOT, `${kind}-${size}`);
  const marker = path.join(dataDir, 'seeded.json');
  let databaseUrl = '';
  if (kind === 'postgres') {
    const probe = `postgres://secondbyte:secondbyte@127.0.0.1:5432/${POSTGRES_DATABASE}`;
    if ((await postgresListings(probe)) >= size && existsSync(marker)) return probe;
    databaseUrl = preparePostgres(POSTGRES_DATABASE) ?? '';
    if (!databaseUrl) throw new Error('no PostgreSQL cluster on this machine');
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  console.log(`   seeding ${fmt(size)} listings (seed:bulk)…`);
  const result = spawnSync(
    process.execPath,
    [path.join(API_DIST, 'seed-bulk.js'), String(size), ...LISTINGS_ONLY],
    {
      cwd: repoRoot,
      env: { ...process.env, ...apiEnv(kind, size, databaseUrl, emulatorPort, 0) },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`seed:bulk failed:\n${result.stdout}\n${result.stderr}`);
  console.log(`   ${result.stdout.trim().split('\n').at(-1)}`);
  writeFileSync(marker, JSON.stringify({ size, at: new Date().toISOString() }));
  return databaseUrl;
}

interface Listing {
  _id: string;
  seller?: { _id?: string };
}

/** Listings, sellers and brands to read, from the API's own pages. */
async function sampleCatalogue(base: string): Promise<Sample> {
  const brands = (await api<{ _id?: string; id?: string }[]>(base, 'GET', '/category'))
    .map((c) => c._id ?? c.id)
    .filter((id): id is string => Boolean(id));
  const ids = new Set<string>();
  const sellers = new Set<string>();
  let deepBrand = '';
  let deepest = 0;
  for (const brand of brands) {
    const res = await fetch(`${base}/category/products/${brand}?limit=100`);
    const total = Number(res.headers.get('x-total-count') ?? 0);
    if (total > deepest) [deepest, deepBrand] = [total, brand];
    for (const listing of (await res.json()) as Listing[]) {
      ids.add(listing._id);
      if (listing.seller?._id) sellers.add(listing.seller._id);
    }
  }
  if (!ids.size) throw new Error('the seeded catalogue answered no listing');
  return { ids: [...ids], sellers: [...sellers], brands, deepBrand };
}

/** The deep page the issue names, or the brand's last page when it has fewer. */
async function deepPage(base: string, brand: string): Promise<number> {
  const res = await fetch(`${base}/category/products/${brand}`);
  return Math.min(
    DEEP_PAGE,
    Math.max(1, Math.ceil(Number(res.headers.get('x-total-count')) / DEEP_PAGE_SIZE)),
  );
}

function readsOf(sample: Sample, deep: number): Read[] {
  return [
    { name: 'search', path: () => `/api/v1/search?${pick(CATALOGUE_SEARCHES)}` },
    { name: 'brand page 1', path: () => `/api/v1/category/products/${pick(sample.brands)}` },
    {
      name: `brand page ${deep}`,
      path: () => `/api/v1/category/products/${sample.deepBrand}?limit=${DEEP_PAGE_SIZE}&page=${deep}`,
    },
    { name: 'details', path: () => `/api/v1/details/${pick(sample.ids)}` },
    { name: 'seller page', path: () => `/api/v1/sellers/${pick(sample.sellers)}` },
  ];
}

interface Actors {
  seller: string;
  buyers: { token: string; conversation: string }[];
  ownListings: string[];
  photo: string;
  next: number;
}

/** A seller with listings to edit, and buyers each in a conversation about one of them. */
async function actors(base: string, emulatorPort: number): Promise<Actors> {
  const stamp = Date.now().toString(36);
  const signUp = async (role: 'seller' | 'buyer', i: number) => {
    const email = `catalogue-${role}-${stamp}-${i}@example.test`;
    const token = await emulatorCall(emulatorPort, 'signUp', { email, password: 'correct-horse-9' });
    await api(base, 'POST', '/users', {
      token,
      body: { name: `Bench ${role} ${i}`, email, url: null, role },
    });
    return token;
  };
  const seller = await signUp('seller', 0);
  const photo = await uploadPhoto(base, seller);
  const { FIRST_LISTINGS_REVIEWED } = (await import(
    pathToFileURL(path.join(repoRoot, 'shared-contracts', 'src', 'moderation.ts')).href
  )) as { FIRST_LISTINGS_REVIEWED: number };
  // A new seller's first listings wait for an operator (docs/product.md#moderation): the bench
  // adds them and keeps the ones after, which are public at once.
  for (let i = 0; i < FIRST_LISTINGS_REVIEWED; i++) await addListing(base, seller, photo, i);
  const ownListings: string[] = [];
  for (let i = 0; i < 20; i++)
    ownListings.push(await addListing(base, seller, photo, FIRST_LISTINGS_REVIEWED + i));
  const buyers = [];
  for (let i = 0; i < 10; i++) {
    const token = await signUp('buyer', i);
    const started = await api<{ _id?: string; id?: string; conversationId?: string }>(
      base,
      'POST',
      '/conversations',
      {
        token,
        body: { productId: ownListings[i], text: 'Is it still available?' },
      },
    );
    const conversation = started.conversationId ?? started._id ?? started.id;
    if (!conversation) throw new Error(`POST /conversations answered ${JSON.stringify(started)}`);
    buyers.push({ token, conversation });
  }
  return { seller, buyers, ownListings, photo, next: 0 };
}

/**
 * A photo of the bench seller's own: 16×12 grey blocks of this run, enlarged. A photo of another
 * seller's listing would be flagged as reused and its listings held, so they would change no
 * catalogue answer.
 */
async function uploadPhoto(base: string, token: string): Promise<string> {
  const cells = Buffer.from(Array.from({ length: 16 * 12 }, () => Math.floor(Math.random() * 256)));
  const png = await sharp(cells, { raw: { width: 16, height: 12, channels: 1 } })
    .resize(640, 480)
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${base}/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`POST /images answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { url: string } }).data.url;
}

const listingBody = (image: string, n: number) => ({
  productName: `ThinkPad T480 bench ${n}`,
  // Near the catalogue's median: a price under half of it is flagged and held.
  price: 40_000 + (n % 500),
  originalPrice: 90_000,
  image,
  quality: 'Good',
  phone: '+880 1711 000000',
  location: 'Dhaka',
  category: '03',
  description: 'i5-8350U, 16 GB RAM, 512 GB SSD',
  year: 2019,
  specs: {
    processor: 'Intel Core i5-8350U',
    ramGb: 16,
    storageGb: 512,
    storageType: 'SSD',
    screenInches: 14,
    resolution: '1920x1080',
    graphics: 'Intel UHD Graphics 620',
    os: 'Windows 11',
  },
});

async function addListing(base: string, token: string, image: string, n: number) {
  const { insertedId } = await api<{ insertedId: string }>(base, 'POST', '/add-products', {
    token,
    body: listingBody(image, n),
  });
  return insertedId;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** Each write kind's request, with the statuses it may answer. */
function writeRequest(name: (typeof WRITES)[number]['name'], who: Actors, sample: Sample) {
  return (req: autocannon.Request): autocannon.Request => {
    const n = who.next++;
    const buyer = pick(who.buyers);
    switch (name) {
      case 'message':
        return {
          ...req,
          method: 'POST',
          path: `/api/v1/conversations/${buyer.conversation}/messages`,
          headers: bearer(buyer.token),
          body: JSON.stringify({ text: `Could we meet tomorrow? (${n})` }),
        };
      case 'booking':
        return {
          ...req,
          method: 'POST',
          path: '/api/v1/bookings',
          headers: bearer(buyer.token),
          body: JSON.stringify({ productId: pick(sample.ids), phone: '+880 1711 000000', place: 'Dhaka' }),
        };
      case 'price edit':
        return {
          ...req,
          method: 'PATCH',
          path: `/api/v1/add-products/${pick(who.ownListings)}`,
          headers: bearer(who.seller),
          body: JSON.stringify({ price: 40_000 + (n % 700) }),
        };
      case 'new listing':
        return {
          ...req,
          method: 'POST',
          path: '/api/v1/add-products',
          headers: bearer(who.seller),
          body: JSON.stringify(listingBody(who.photo, n)),
        };
    }
  };
}
/** A booking of a listing already booked by that buyer is refused with 409: still a write tried. */
const WRITE_OK: Record<string, number[]> = {
  message: [201],
  booking: [201, 409],
  'price edit': [200],
  'new listing': [201],
};

/** Runs autocannon instances together for `seconds`, latencies per name. */
async function together(
  base: string,
  seconds: number,
  runs: { name: string; connections: number; rate?: number; request: autocannon.Request; ok: number[] }[],
): Promise<Record<string, Figures>> {
  const figures = await Promise.all(
    runs.map(
      ({ name, connections, rate, request, ok }) =>
        new Promise<[string, Figures]>((resolve, reject) => {
          const latencies: number[] = [];
          let unexpected = 0;
          const samples: string[] = [];
          const instance = autocannon(
            {
              url: base,
              connections,
              duration: seconds,
              requests: [request],
              timeout: 30,
              ...(rate ? { overallRate: rate } : {}),
            },
            (error) => {
              if (error) return reject(error);
              const sorted = Float64Array.from(latencies).sort();
              if (unexpected)
                console.log(`   ${name}: ${unexpected} unexpected answers, e.g. ${samples.join(' | ')}`);
              resolve([
                name,
                {
                  p50: Number(percentile(sorted, 50).toFixed(1)),
                  p99: Number(percentile(sorted, 99).toFixed(1)),
                  requests: latencies.length,
                  unexpected,
                },
              ]);
            },
          );
          instance.on('response', (_client, status, _bytes, ms) => {
            latencies.push(ms);
            if (!ok.includes(status)) unexpected++;
          });
          instance.on('reqError', (error: Error) => {
            unexpected++;
            if (samples.length < 3) samples.push(error.message);
          });
        }),
    ),
  );
  return Object.fromEntries(figures);
}

/** One measured run: the readers and the writers at once against the API at `base`. */
async function readAndWrite(
  base: string,
  seconds: number,
  reads: Read[],
  who: Actors,
  sample: Sample,
): Promise<RunFigures> {
  const cache: CacheCounts = { HIT: 0, STALE: 0, MISS: 0 };
  const countCache = countCacheInto(cache);
  const readers = reads.map((read) => ({
    name: read.name,
    connections: READERS_PER_READ,
    ok: [200],
    request: {
      setupRequest: (req: autocannon.Request) => ({ ...req, method: 'GET' as const, path: read.path() }),
      onResponse: countCache,
    },
  }));
  const writers = WRITES.map((write) => ({
    name: write.name,
    connections: 1,
    rate: Math.max(1, Math.round(WRITE_RATE * write.share)),
    ok: WRITE_OK[write.name] ?? [],
    request: { setupRequest: writeRequest(write.name, who, sample) },
  }));
  const all = await together(base, seconds, [...readers, ...writers]);
  const readNames = new Set<string>(reads.map((r) => r.name));
  const pickFrom = (keep: (name: string) => boolean) =>
    Object.fromEntries(Object.entries(all).filter(([name]) => keep(name)));
  return { reads: pickFrom((n) => readNames.has(n)), writes: pickFrom((n) => !readNames.has(n)), cache };
}

/** The bare route alone with 10 connections, a body the size of a brand page. */
async function bareRun(base: string, seconds: number, bytes: number): Promise<Figures> {
  const result = await autocannon({ url: `${base}/bare?bytes=${bytes}`, connections: 10, duration: seconds });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    unexpected: result.non2xx,
  };
}

export async function benchCatalogueScale({
  ports,
  outDir,
  noBuild = false,
  commit,
  cleanup,
  seconds = 20,
  rounds = 2,
  databases = ['postgres', 'pglite'],
  sizes = CATALOGUE_SIZES,
}: SectionOptions & {
  seconds?: number;
  rounds?: number;
  databases?: CatalogueDatabase[];
  sizes?: Record<CatalogueDatabase, number>;
}): Promise<CatalogueResults[]> {
  if (!noBuild) {
    console.log('Building the API (pnpm --filter api build)…');
    const built = spawnSync('pnpm', ['--filter', 'api', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the API build failed');
  }
  const emulatorPort = ports.authEmulator;
  await ensureAuthEmulator(emulatorPort, path.join(DATA_ROOT, 'emulator'), cleanup);
  const bare: Server = await startServer(path.join(import.meta.dirname, 'bare-server.ts'), {
    env: { PORT: String(ports.api + 3), LOGGING: 'off' },
  });
  cleanup?.defer('bare Fastify', () => stopServer(bare));
  const bareBase = `http://127.0.0.1:${ports.api + 3}`;
  const all: CatalogueResults[] = [];
  for (const kind of databases) {
    const size = sizes[kind];
    console.log(`\n== Catalogue at scale: ${kind}, ${fmt(size)} listings`);
    const databaseUrl = await seeded(kind, size, emulatorPort);
    const env = (cache: boolean) => ({
      ...apiEnv(kind, size, databaseUrl, emulatorPort, ports.api),
      CATALOG_CACHE: cache ? 'on' : 'off',
    });
    const base = `http://127.0.0.1:${ports.api}`;
    let server: Server | null = await startServer(path.join(API_DIST, 'server.js'), {
      cwd: path.join(repoRoot, 'api'),
      env: env(true),
    });
    cleanup?.defer(`API on ${kind}`, () => stopServer(server));
    const sample = await sampleCatalogue(`${base}/api/v1`);
    const deep = await deepPage(`${base}/api/v1`, sample.deepBrand);
    const reads = readsOf(sample, deep);
    const who = await actors(`${base}/api/v1`, emulatorPort);
    const pageBytes = (
      await (await fetch(`${base}/api/v1/category/products/${sample.deepBrand}`)).arrayBuffer()
    ).byteLength;
    console.log(
      `   ${fmt(sample.ids.length)} listings and ${sample.sellers.length} sellers sampled; ${READERS_PER_READ * reads.length} readers, writes at ${WRITE_RATE}/s; ${rounds} rounds of ${seconds} s`,
    );
    const warm: RunFigures[] = [];
    const cold: RunFigures[] = [];
    const bareRuns: Figures[] = [];
    for (let round = 0; round < rounds; round++) {
      // Each run starts a fresh process and warms it unmeasured for a third of the run: JIT,
      // the pool and, with the cache on, the steady state real traffic keeps.
      for (const [cache, runs] of [
        [true, warm],
        [false, cold],
      ] as const) {
        await stopServer(server);
        server = await startServer(path.join(API_DIST, 'server.js'), {
          cwd: path.join(repoRoot, 'api'),
          env: env(cache),
        });
        await readAndWrite(base, Math.max(3, Math.round(seconds / 3)), reads, who, sample);
        runs.push(await readAndWrite(base, seconds, reads, who, sample));
      }
      bareRuns.push(await bareRun(bareBase, seconds, pageBytes));
      const w = warm.at(-1)!;
      console.log(
        `   round ${round + 1}: ${reads.map((r) => `${r.name} ${w.reads[r.name]?.p99}/${cold.at(-1)!.reads[r.name]?.p99}`).join(', ')} ms p99 warm/cold; bare ${bareRuns.at(-1)!.p99} ms`,
      );
    }
    await stopServer(server);
    server = null;
    const med = (
      runs: RunFigures[],
      name: string,
      key: 'p50' | 'p99' | 'requests',
      from: 'reads' | 'writes' = 'reads',
    ) => Number(median(runs.map((r) => r[from][name]?.[key] ?? Number.NaN)).toFixed(1));
    const rows: CatalogueRow[] = reads.map(({ name }) => ({
      read: name,
      warm: { p50: med(warm, name, 'p50'), p99: med(warm, name, 'p99') },
      cold: { p50: med(cold, name, 'p50'), p99: med(cold, name, 'p99') },
      requests: { warm: med(warm, name, 'requests'), cold: med(cold, name, 'requests') },
    }));
    const totals = warm.reduce<CacheCounts>(
      (t, r) => ({ HIT: t.HIT + r.cache.HIT, STALE: t.STALE + r.cache.STALE, MISS: t.MISS + r.cache.MISS }),
      { HIT: 0, STALE: 0, MISS: 0 },
    );
    const hitRate = cacheHitRate(totals);
    const bareFigures = {
      p50: median(bareRuns.map((r) => r.p50)),
      p99: median(bareRuns.map((r) => r.p99)),
      bytes: pageBytes,
    };
    const writes = Object.fromEntries(
      WRITES.map(({ name }) => [
        name,
        {
          p50: med(warm, name, 'p50', 'writes'),
          p99: med(warm, name, 'p99', 'writes'),
          requests: med(warm, name, 'requests', 'writes'),
        },
      ]),
    );
    const unexpected = [...warm, ...cold].reduce(
      (n, r) =>
        n +
        Object.values(r.reads).reduce((m, f) => m + f.unexpected, 0) +
        Object.values(r.writes).reduce((m, f) => m + f.unexpected, 0),
      0,
    );
    const targets = [
      ...rows.map((r) => ({
        label: `${r.read}: cold p99 ≤ 50 ms`,
        value: `${r.cold.p99} ms`,
        met: r.cold.p99 <= 50,
      })),
      ...rows.map((r) => ({
        label: `${r.read}: warm p99 ≤ 2× bare (${bareFigures.p99} ms)`,
        value: `${r.warm.p99} ms (${(r.warm.p99 / Math.max(bareFigures.p99, 1)).toFixed(1)}×)`,
        met: r.warm.p99 <= 2 * Math.max(bareFigures.p99, 1),
      })),
      {
        label: 'cache hit rate ≥ 90%',
        value: hitRate === null ? '–' : `${(hitRate * 100).toFixed(1)}%`,
        met: (hitRate ?? 0) >= 0.9,
      },
    ];
    console.log(`\n${kind}, ${fmt(size)} listings, medians of ${rounds} rounds (ms):`);
    console.log(
      table(
        ['read', 'warm p50', 'warm p99', 'cold p50', 'cold p99', 'requests warm/cold'],
        [
          ...rows.map((r) => [
            r.read,
            r.warm.p50,
            r.warm.p99,
            r.cold.p50,
            r.cold.p99,
            `${r.requests.warm}/${r.requests.cold}`,
          ]),
          ['bare Fastify', bareFigures.p50, bareFigures.p99, '', '', ''],
        ],
      ),
    );
    console.log(
      table(
        ['write', 'p50', 'p99', 'requests'],
        Object.entries(writes).map(([n, w]) => [n, w.p50, w.p99, w.requests]),
      ),
    );
    console.log(
      table(
        ['target', 'value', 'met'],
        targets.map((t) => [t.label, t.value, t.met ? 'yes' : 'NO']),
      ),
    );
    if (unexpected) throw new Error(`${unexpected} unexpected answers during the catalogue runs (above)`);
    all.push({
      database: kind,
      listings: size,
      seconds,
      rounds,
      bare: bareFigures,
      rows,
      hitRate,
      writes,
      targets,
    });
  }
  const file = writeResults(
    outDir,
    { date: new Date().toISOString(), commit, results: all } as { date: string },
    {
      prefix: 'catalogue',
      latest: 'catalogue-latest.json',
    },
  );
  console.log(`\nWrote ${path.relative(repoRoot, file)}`);
  return all;
}
