// `pnpm bench`: what a buyer on a phone gets, page by page, next to what this machine can do at best.
// Builds, starts the whole stack on its own ports, signs the demo buyer in through the login page,
// then measures with Lighthouse (mobile, simulated throttling, 3 runs per page, medians):
//   /                       signed out
//   /category/products/04   signed in
//   /details/<first listing of category 04>   signed in
//   /bench-reference/       a script-free page with the same hero image: the machine's limit
// plus the JS and CSS each page loads per package, requests leaving the stack and the API's latency.
// Prints a table with the performance targets, writes bench-results/*.json, and exits non-zero if
// any measurement fails (targets missed are reported, not failures). Options: --no-build, --runs N.
// --baseline <commit> also builds that commit in a work tree of its own (bench/baseline.ts), starts
// it beside the working tree on ports 50 higher, and measures its pages in the same rounds, turn
// about with the working tree's, then prints both side by side with their ratios.
// Then the API section (bench/api.ts): catalogue reads at 1,000 and 100,000 listings on
// PGlite and PostgreSQL beside a bare Fastify route. --api-only runs just that section, --no-api
// skips it; --api-seconds and --api-rounds set its autocannon runs.
// Then the load section (bench/mixed-load.ts): mixed realistic traffic at the saturation
// point, on one API process and on two behind a retrying proxy with one restarted halfway; it
// fails the bench on any error or lost write. --load-only runs just that section, --no-load skips
// it; --load-seconds sets the length of its main runs (60).
// Then the dashboard section (bench/dashboard.ts): every dashboard list's first page and a
// search at demo size and at scale (seed:bulk), on PGlite and PostgreSQL: API requests per page
// view from the browser's network log, API p50/p99, navigation to the first row; it fails the bench
// when a list shows no rows or a request fails. --dashboard-only runs just that section,
// --no-dashboard skips it; --dashboard-requests, --dashboard-runs, --dashboard-sizes and
// --dashboard-databases keep a run short.
// Then the money section (bench/money.ts): 1,000 purchases on PostgreSQL through two API replicas,
// every confirmation delivered to both at once, 5% after the payment expired; confirmation p50/p99
// beside a bare route's, the 200/409 answers, the orders paid and refunded and whether the ledger
// balances; it fails the bench on any other answer or an unbalanced ledger. --money-only runs just
// that section, --no-money skips it; --money-purchases and --money-concurrency size it.
// Then the catalogue-at-scale section (bench/catalogue-scale.ts): 10 concurrent readers under a
// mixed write load at 1,000,000 listings on PostgreSQL and 100,000 on PGlite, the cache on and
// off, beside bare Fastify. --catalogue-only runs just that section, --no-catalogue skips it;
// --catalogue-seconds, --catalogue-rounds, --catalogue-databases and --catalogue-*-size size it.
// Then the soak section (bench/soak.ts): the load's mixed traffic for 10 minutes through two API
// replicas behind the retrying proxy, one SIGKILLed and restarted at 30% of the run, the other at
// 70%; p99 per route per minute, each replica's RSS and the database's connections per minute,
// /metrics scraped into a CSV; it fails the bench on any failed request, any acknowledged write
// lost, or a replica's RSS growing more than 10% after warm-up. --soak runs just that section (as
// the --x-only flags do), --no-soak skips it; --soak-minutes sets its length (10).
// Each page's Lighthouse runs are also made in a fresh Chromium per run, as PageSpeed Insights
// does (signed in first where the page is), beside the runs in the kept browser; both are reported.
// --no-fresh-browser skips them.
// Then the alerts section (bench/alerts.ts): 1,000 listings published with no saved search, then
// 1,000 more with 10,000 saved searches matched at each publish, on PGlite (and on PostgreSQL with
// ALERTS_BENCH_DATABASE_URL); publish p50/p99 side by side and the matching throughput.
// --alerts-only runs just that section, --no-alerts skips it; --alerts-listings and
// --alerts-searches size it.
// The presses section (bench/presses.ts) follows the web section on the same stack: press → effect
// for the theme toggle, the language switch, typing in the header search, the booking button and
// the gallery's next photo, on a phone, before the page's app has started and after, with INP
// from web-vitals. --presses-only runs just that (no Lighthouse), --no-presses skips it.
import { spawnSync } from 'node:child_process';
import type Autocannon from 'autocannon';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { closeChromium, launchChromium, signIn, type Browser } from './bench/browser.ts';
import {
  medians,
  runLighthouse,
  runLighthouseFresh,
  LIGHTHOUSE_FLAGS,
  type LighthouseRun,
} from './bench/lighthouse.ts';
import { cleanupStack, type Cleanup } from './bench/processes.ts';
import { demoAccount } from './demo-accounts.ts';
import { REFERENCE_PATH, removeReferencePage, writeReferencePage } from './bench/reference-page.ts';
import {
  evaluateTargets,
  comparisonReport,
  freshBrowserReport,
  printReport,
  writeResults,
  type ApiLatency,
  type Measured,
  type MeasuredPage,
} from './bench/report.ts';
import { BENCH_DATA_DIR, stackProblems, startStack, stopStack, type Stack } from './bench/stack.ts';
import { BASELINE_PORT_SHIFT, prepareBaseline } from './bench/baseline.ts';
import { measureTransfer } from './bench/transfer.ts';
import { isForeign, packagesByPort } from './bench/page-assets.ts';
import { bundleContents } from './bench/bundle-contents.ts';
import { API_BENCH_SIZES, benchApi } from './bench/api.ts';
import { benchLoad } from './bench/mixed-load.ts';
import { CATALOGUE_SIZES, benchCatalogueScale, type CatalogueDatabase } from './bench/catalogue-scale.ts';
import { benchDashboard, DASHBOARD_DATABASES, DASHBOARD_SIZE_NAMES } from './bench/dashboard.ts';
import { ALERTS_LISTINGS, ALERTS_SEARCHES, benchAlerts } from './bench/alerts.ts';
import { benchMoney, MONEY_CONCURRENCY, MONEY_PURCHASES } from './bench/money.ts';
import { benchPresses } from './bench/presses.ts';
import { benchSoak, SOAK_MINUTES } from './bench/soak.ts';
import { PORT_OFFSETS, resolvePorts } from 'web-server/ports';
import { repoRoot } from 'web-server/runtime-config';

// Its own ports, so the bench runs next to `npm start` (offset 0) and the tests (offset 100).
process.env.SB_PORT_OFFSET ??= String(PORT_OFFSETS.bench);
const ports = resolvePorts();
const origin = `http://localhost:${ports.host}`;
const outDir = path.join(repoRoot, 'bench-results');
const packageOfPort = packagesByPort(ports);

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean' },
    baseline: { type: 'string' },
    runs: { type: 'string', default: '3' },
    'api-only': { type: 'boolean' },
    'no-api': { type: 'boolean' },
    'api-seconds': { type: 'string', default: '3' },
    'api-rounds': { type: 'string', default: '3' },
    'api-sizes': { type: 'string', default: API_BENCH_SIZES.join(',') },
    'load-only': { type: 'boolean' },
    'no-load': { type: 'boolean' },
    'load-seconds': { type: 'string', default: '60' },
    'catalogue-only': { type: 'boolean' },
    'no-catalogue': { type: 'boolean' },
    'catalogue-seconds': { type: 'string', default: '20' },
    'catalogue-rounds': { type: 'string', default: '2' },
    'catalogue-databases': { type: 'string', default: 'postgres,pglite' },
    'catalogue-postgres-size': { type: 'string', default: String(CATALOGUE_SIZES.postgres) },
    'catalogue-pglite-size': { type: 'string', default: String(CATALOGUE_SIZES.pglite) },
    'dashboard-only': { type: 'boolean' },
    'no-dashboard': { type: 'boolean' },
    'dashboard-requests': { type: 'string', default: '200' },
    'dashboard-runs': { type: 'string', default: '3' },
    'dashboard-sizes': { type: 'string', default: DASHBOARD_SIZE_NAMES.join(',') },
    'dashboard-databases': { type: 'string', default: DASHBOARD_DATABASES.join(',') },
    'alerts-only': { type: 'boolean' },
    'no-alerts': { type: 'boolean' },
    'alerts-listings': { type: 'string', default: String(ALERTS_LISTINGS) },
    'alerts-searches': { type: 'string', default: String(ALERTS_SEARCHES) },
    'money-only': { type: 'boolean' },
    'no-money': { type: 'boolean' },
    'money-purchases': { type: 'string', default: String(MONEY_PURCHASES) },
    'money-concurrency': { type: 'string', default: String(MONEY_CONCURRENCY) },
    soak: { type: 'boolean' },
    'no-soak': { type: 'boolean' },
    'soak-minutes': { type: 'string', default: String(SOAK_MINUTES) },
    'presses-only': { type: 'boolean' },
    'no-presses': { type: 'boolean' },
    'no-fresh-browser': { type: 'boolean' },
  },
});
const runsPerPage = Number(options.runs);
if (!Number.isInteger(runsPerPage) || runsPerPage < 1) throw new Error('--runs takes a whole number ≥ 1');
const apiSeconds = Number(options['api-seconds']);
const apiRounds = Number(options['api-rounds']);
for (const [flag, value] of [
  ['--api-seconds', apiSeconds],
  ['--api-rounds', apiRounds],
] as const) {
  if (!Number.isInteger(value) || value < 1 || value > 60)
    throw new Error(`${flag} takes a whole number 1–60`);
}
const apiSizes = options['api-sizes'].split(',').map(Number);
if (!apiSizes.every((n) => Number.isInteger(n) && n >= 1 && n <= 1_000_000))
  throw new Error('--api-sizes takes listing counts, e.g. 1000,100000');
if (options['api-only'] && options['no-api']) throw new Error('--api-only and --no-api exclude each other');
if (options['load-only'] && (options['no-load'] || options['api-only']))
  throw new Error('--load-only excludes --no-load and --api-only');
const onlyFlags = (
  [
    'api-only',
    'load-only',
    'dashboard-only',
    'money-only',
    'catalogue-only',
    'alerts-only',
    'presses-only',
    'soak',
  ] as const
).filter((flag) => options[flag]);
if (onlyFlags.length > 1) throw new Error(`--${onlyFlags.join(' and --')} exclude each other`);
if (options['presses-only'] && options['no-presses'])
  throw new Error('--presses-only and --no-presses exclude each other');
// The baseline is measured by the web section only.
if (options.baseline !== undefined && onlyFlags.length)
  throw new Error(`--baseline measures the web pages, which --${onlyFlags[0]} skips`);
if (options['dashboard-only'] && options['no-dashboard'])
  throw new Error('--dashboard-only and --no-dashboard exclude each other');
const dashboardRequests = Number(options['dashboard-requests']);
const dashboardRuns = Number(options['dashboard-runs']);
if (!Number.isInteger(dashboardRequests) || dashboardRequests < 10 || dashboardRequests > 10_000)
  throw new Error('--dashboard-requests takes a whole number 10–10000');
if (!Number.isInteger(dashboardRuns) || dashboardRuns < 1 || dashboardRuns > 20)
  throw new Error('--dashboard-runs takes a whole number 1–20');
/** A comma-separated option's values, each one of `allowed`. */
function listOption<T extends string>(name: string, value: string, allowed: readonly T[]): T[] {
  const values = value.split(',');
  if (!values.every((v): v is T => (allowed as readonly string[]).includes(v)))
    throw new Error(`--${name} takes ${allowed.join(',')}`);
  return values;
}
const dashboardSizes = listOption('dashboard-sizes', options['dashboard-sizes'], DASHBOARD_SIZE_NAMES);
const dashboardDatabases = listOption(
  'dashboard-databases',
  options['dashboard-databases'],
  DASHBOARD_DATABASES,
);
if (options['alerts-only'] && options['no-alerts'])
  throw new Error('--alerts-only and --no-alerts exclude each other');
const alertsListings = Number(options['alerts-listings']);
const alertsSearches = Number(options['alerts-searches']);
if (!Number.isInteger(alertsListings) || alertsListings < 10 || alertsListings > 100_000)
  throw new Error('--alerts-listings takes a whole number 10–100000');
if (!Number.isInteger(alertsSearches) || alertsSearches < 0 || alertsSearches > 1_000_000)
  throw new Error('--alerts-searches takes a whole number 0–1000000');
if (options['money-only'] && options['no-money'])
  throw new Error('--money-only and --no-money exclude each other');
const moneyPurchases = Number(options['money-purchases']);
const moneyConcurrency = Number(options['money-concurrency']);
if (!Number.isInteger(moneyPurchases) || moneyPurchases < 20 || moneyPurchases > 100_000)
  throw new Error('--money-purchases takes a whole number 20–100000');
if (!Number.isInteger(moneyConcurrency) || moneyConcurrency < 1 || moneyConcurrency > 200)
  throw new Error('--money-concurrency takes a whole number 1–200');
if (options['catalogue-only'] && options['no-catalogue'])
  throw new Error('--catalogue-only and --no-catalogue exclude each other');
const catalogueSeconds = Number(options['catalogue-seconds']);
const catalogueRounds = Number(options['catalogue-rounds']);
if (!Number.isInteger(catalogueSeconds) || catalogueSeconds < 5 || catalogueSeconds > 600)
  throw new Error('--catalogue-seconds takes a whole number 5–600');
if (!Number.isInteger(catalogueRounds) || catalogueRounds < 1 || catalogueRounds > 20)
  throw new Error('--catalogue-rounds takes a whole number 1–20');
const catalogueDatabases = listOption('catalogue-databases', options['catalogue-databases'], [
  'postgres',
  'pglite',
] as const satisfies readonly CatalogueDatabase[]);
const catalogueSizes = {
  postgres: Number(options['catalogue-postgres-size']),
  pglite: Number(options['catalogue-pglite-size']),
};
if (!Object.values(catalogueSizes).every((n) => Number.isInteger(n) && n >= 1_000 && n <= 1_000_000))
  throw new Error('--catalogue-postgres-size and --catalogue-pglite-size take listing counts 1000–1000000');
if (options.soak && options['no-soak']) throw new Error('--soak and --no-soak exclude each other');
const soakMinutes = Number(options['soak-minutes']);
if (!Number.isInteger(soakMinutes) || soakMinutes < 1 || soakMinutes > 600)
  throw new Error('--soak-minutes takes a whole number 1–600');
/** The section runs: the one an --x-only flag (or --soak) names, or, with none, every section not skipped. */
const only = onlyFlags[0];
const sectionRuns = (section: 'api' | 'load' | 'dashboard' | 'money' | 'catalogue' | 'alerts' | 'soak') =>
  only ? only === (section === 'soak' ? 'soak' : `${section}-only`) : !options[`no-${section}`];
const loadSeconds = Number(options['load-seconds']);
if (!Number.isInteger(loadSeconds) || loadSeconds < 10 || loadSeconds > 600)
  throw new Error('--load-seconds takes a whole number 10–600');

/** The details page measured is the first listing the category page shows. */
async function firstListingId(apiPort = ports.api): Promise<string> {
  const url = `http://localhost:${apiPort}/api/v1/category/products/04`;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  const [first] = (await res.json()) as { _id?: string }[];
  if (!first?._id) throw new Error(`GET ${url} listed no product`);
  return first._id;
}

function build() {
  console.log('Building the host and the three remotes…');
  const result = spawnSync('pnpm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
}

function gitCommit() {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain'], {
    cwd: repoRoot,
    encoding: 'utf8',
  }).stdout.trim();
  return dirty ? `${head} (uncommitted changes)` : head;
}

/** One load per page before measuring (servers compress and cache files on first request), which
 * also counts its bytes; a page that is not 2xx, or lands elsewhere (signed out), fails the bench. */
async function warmUpAndCountBytes(pages: MeasuredPage[]): Promise<void> {
  for (const page of pages) {
    const transfer = await measureTransfer(page.browser, page.url, packageOfPort);
    if (transfer.status < 200 || transfer.status >= 300) {
      throw new Error(`${page.url} answered ${transfer.status}`);
    }
    const landed = new URL(transfer.finalUrl).pathname;
    if (landed !== page.path) throw new Error(`${page.url} ended on ${landed} (signed out?)`);
    // Requests leaving the stack fail here (no network) and are listed at the end with the rest.
    const failed = transfer.failed.filter((f) => !isForeign(f.split(' ')[0] ?? f, packageOfPort));
    if (failed.length)
      console.warn(`  ${page.name}: failed requests:\n${failed.map((f) => `    ${f}`).join('\n')}`);
    page.transfer = transfer;
    console.log(`  warm-up ${page.name} ${page.path}: done`);
  }
}

/** Round by round rather than page by page: a slow minute on this shared machine then lands on
 * one run of every page instead of on all runs of one page, and the LCP ratios stay fair. A page's
 * baseline twin runs right beside it, first in every other round, so neither build always follows
 * the other's load. */
async function measureRounds(
  pages: MeasuredPage[],
  twins: Map<MeasuredPage, MeasuredPage> = new Map(),
): Promise<{ measured: Measured[]; baselineMeasured: Measured[] }> {
  const log = (run: LighthouseRun, round: number, label: string) =>
    console.log(
      `  run ${round}/${runsPerPage} ${label.padEnd(18)} score ${run.score.toFixed(2)}  LCP ${run.lcpMs} ms  ` +
        `TBT ${run.tbtMs} ms  CLS ${run.cls.toFixed(3)}`,
    );
  const runOnce = async (page: MeasuredPage, round: number, label: string) => {
    const run = await runLighthouse(page.browser, page.url, packageOfPort);
    page.runs.push(run);
    log(run, round, label);
  };
  // As PageSpeed Insights does: a browser process of its own for the one run, signed in first
  // where the page is measured signed in.
  const runFresh = async (page: MeasuredPage, round: number) => {
    const buyer = demoAccount('buyer');
    const prepare = page.signedIn ? (browser: Browser) => signIn(browser, origin, buyer) : undefined;
    const run = await runLighthouseFresh(page.url, packageOfPort, prepare);
    page.freshRuns.push(run);
    log(run, round, `${page.name} (fresh)`);
  };
  for (let round = 1; round <= runsPerPage; round++) {
    for (const page of pages) {
      const twin = twins.get(page);
      const turn: [MeasuredPage, string][] = [[page, page.name]];
      if (twin) turn[round % 2 ? 'push' : 'unshift']([twin, `${page.name} (baseline)`]);
      for (const [measured, label] of turn) await runOnce(measured, round, label);
      if (!options['no-fresh-browser']) await runFresh(page, round);
    }
  }
  const referenceLcp = medians(pages.find((p) => p.isReference)?.runs ?? []).lcpMs;
  const finish = (page: MeasuredPage): Measured => {
    const pageMedians = medians(page.runs);
    if (!page.transfer) throw new Error(`${page.name} was not warmed up`);
    const lcpRatio = Number((pageMedians.lcpMs / referenceLcp).toFixed(2));
    const freshMedians = page.freshRuns.length ? medians(page.freshRuns) : undefined;
    return { ...page, transfer: page.transfer, medians: pageMedians, lcpRatio, freshMedians };
  };
  return { measured: pages.map(finish), baselineMeasured: [...twins.values()].map(finish) };
}

async function apiLatency(): Promise<ApiLatency> {
  const { default: autocannon } = (await import(
    path.join(repoRoot, 'node_modules', 'autocannon', 'autocannon.js')
  )) as { default: typeof Autocannon };
  const result = await autocannon({
    url: `http://localhost:${ports.api}/api/v1/category`,
    connections: 10,
    duration: 5,
  });
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(
      `GET /api/v1/category under load: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
    );
  }
  return {
    medianMs: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: result.requests.average,
  };
}

async function bench(cleanup: Cleanup): Promise<void> {
  if (!options['no-build']) build();

  writeReferencePage();
  cleanup.defer('reference page', removeReferencePage);

  console.log(`Starting the stack at ${origin} (SB_PORT_OFFSET=${process.env.SB_PORT_OFFSET})…`);
  const stack = await startStack(ports);
  cleanup.defer('stack', () => stopStack(stack));
  const listingId = await firstListingId();

  // Two browsers with fresh profiles: one never signs in, the other signs in once and keeps it.
  const signedOut = await launchChromium('signed-out');
  cleanup.defer('signed-out Chromium', () => closeChromium(signedOut));
  const signedIn = await launchChromium('signed-in');
  cleanup.defer('signed-in Chromium', () => closeChromium(signedIn));
  const buyer = demoAccount('buyer');
  console.log(`Signing in as ${buyer.email} through ${origin}/login…`);
  await signIn(signedIn, origin, buyer);

  const baseline = options.baseline ? await startBaseline(options.baseline, cleanup, signedIn) : undefined;

  const measured = async () => {
    if (!options['presses-only']) await measure(signedOut, signedIn, listingId, baseline);
    if (!options['no-presses']) {
      await benchPresses({
        origin,
        apiOrigin: `http://localhost:${ports.api}`,
        emulatorPort: ports.authEmulator,
        listingId,
        signedOut,
        signedIn,
        runs: runsPerPage,
        outDir,
        commit: gitCommit(),
      });
    }
  };
  await measured().catch(async (error) => {
    throw await withDiagnosis(error, stack);
  });
}

/** The commit measured beside the working tree (--baseline): where it runs and what it shows. */
interface Baseline {
  commit: string;
  origin: string;
  listingId: string;
}

async function startBaseline(rev: string, cleanup: Cleanup, signedIn: Browser): Promise<Baseline> {
  const { root, commit } = prepareBaseline(rev);
  const offset = String(Number(process.env.SB_PORT_OFFSET) + BASELINE_PORT_SHIFT);
  const basePorts = resolvePorts({ SB_PORT_OFFSET: offset });
  // Its servers' requests are the stack's own, not foreign ones, and count bytes per package too.
  Object.assign(packageOfPort, packagesByPort(basePorts));
  const baseOrigin = `http://localhost:${basePorts.host}`;
  console.log(`Starting the baseline at ${baseOrigin} (SB_PORT_OFFSET=${offset})…`);
  const dataDir = `${BENCH_DATA_DIR}-baseline`;
  const stack = await startStack(basePorts, { root, dataDir, env: { SB_PORT_OFFSET: offset } });
  cleanup.defer('baseline stack', () => stopStack({ child: stack.child, dataDir }));
  // The same browser, signed in on both origins: each keeps its own session.
  await signIn(signedIn, baseOrigin, demoAccount('buyer'));
  return { commit, origin: baseOrigin, listingId: await firstListingId(basePorts.api) };
}

/**
 * A failed measurement's message, plus whether the stack was still whole and how busy the machine
 * was: on this shared machine a failed run is as often a neighbour's doing as the page's.
 */
async function withDiagnosis(error: unknown, stack: Stack): Promise<Error> {
  const problems = await stackProblems(stack, ports);
  const state = problems.length
    ? `The stack was no longer whole:\n${problems.map((p) => `  ${p}`).join('\n')}`
    : 'The stack was still up and answering.';
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`${message}\n${state}\nLoad average: ${load} on ${os.cpus().length} CPUs.`);
}

/** Everything measured once the stack is up and the buyer signed in. */
async function measure(
  signedOut: Browser,
  signedIn: Browser,
  listingId: string,
  baseline?: Baseline,
): Promise<void> {
  const chosen: Pick<MeasuredPage, 'name' | 'path' | 'browser'>[] &
    Partial<Pick<MeasuredPage, 'signedIn' | 'isReference'>>[] = [
    { name: 'reference', path: REFERENCE_PATH, browser: signedOut, isReference: true },
    { name: 'home', path: '/', browser: signedOut },
    { name: 'category', path: '/category/products/04', browser: signedIn, signedIn: true },
    { name: 'details', path: `/details/${listingId}`, browser: signedIn, signedIn: true },
  ];
  const warming: MeasuredPage[] = chosen.map((page) => ({
    signedIn: false,
    isReference: false,
    ...page,
    url: `${origin}${page.path}`,
    runs: [],
    freshRuns: [],
  }));

  // The baseline's twin of each page but the reference, which is the machine's, not a build's.
  const twins = new Map<MeasuredPage, MeasuredPage>();
  if (baseline) {
    for (const page of warming.filter((p) => !p.isReference)) {
      const path = page.name === 'details' ? `/details/${baseline.listingId}` : page.path;
      twins.set(page, { ...page, path, url: `${baseline.origin}${path}`, runs: [], freshRuns: [] });
    }
  }

  console.log('Warm-up loads (also count the JS and CSS per package)…');
  await warmUpAndCountBytes([...warming, ...twins.values()]);
  for (const page of warming) page.contents = await bundleContents(page.transfer?.scripts ?? []);
  console.log(`Lighthouse, ${runsPerPage} runs per page…`);
  const startLoad = os.loadavg();
  const { measured: pages, baselineMeasured: baselinePages } = await measureRounds(warming, twins);
  const api = await apiLatency();

  const foreign = [
    ...new Set(pages.flatMap((p) => [...p.transfer.foreign, ...p.runs.flatMap((r) => r.foreign)])),
  ];
  const targets = evaluateTargets(pages);
  printReport({ pages, targets, foreign, api, runs: runsPerPage });
  if (pages.some((p) => p.freshMedians)) console.log(`\n${freshBrowserReport(pages)}`);
  if (baseline) console.log(`\n${comparisonReport(baseline.commit, pages, baselinePages)}`);

  const results = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    machine: { cpus: os.cpus().length, loadAverageBefore: startLoad, loadAverageAfter: os.loadavg() },
    lighthouse: {
      version: pages[0]?.runs[0]?.lighthouseVersion,
      flags: LIGHTHOUSE_FLAGS,
      runsPerPage,
      // `runs`/`medians`: one kept browser; `freshRuns`/`freshMedians`: a new browser per run.
      freshBrowser: !options['no-fresh-browser'],
    },
    pages: pages.map(({ browser: _browser, ...page }) => page),
    targets,
    foreignRequests: foreign,
    api,
    ...(baseline && {
      baseline: {
        commit: baseline.commit,
        pages: baselinePages.map(({ browser: _browser, ...page }) => page),
      },
    }),
  };
  const file = writeResults(outDir, results);
  console.log(`\nResults: ${path.relative(repoRoot, file)} (and bench-results/latest.json)`);
}

async function main() {
  const cleanup = cleanupStack();
  let interrupted: 'SIGINT' | 'SIGTERM' | null = null;
  const exitCode = { SIGINT: 130, SIGTERM: 143 };
  // Ctrl-C or a supervisor's SIGTERM: stop the stack and the browsers before leaving. A second
  // Ctrl-C waits for the same cleanup instead of killing the bench and orphaning the stack.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (!interrupted) console.error(`\n${signal}: stopping the stack and the browsers…`);
      const first = (interrupted ??= signal);
      await cleanup.run();
      process.exit(exitCode[first]);
    });
  }
  try {
    // The web pages run alone under --presses-only, and with every section when no --x-only is given.
    if (!only || only === 'presses-only') {
      await bench(cleanup);
      await cleanup.run();
    }
    if (sectionRuns('api')) {
      await benchApi({
        ports,
        outDir,
        seconds: apiSeconds,
        rounds: apiRounds,
        sizes: apiSizes,
        // The web section's build (root `pnpm build`) built the API too.
        noBuild: Boolean(options['no-build']) || only !== 'api-only',
        commit: gitCommit(),
        cleanup,
      });
      await cleanup.run();
    }
    if (sectionRuns('dashboard')) {
      await benchDashboard({
        ports,
        outDir,
        requests: dashboardRequests,
        runs: dashboardRuns,
        sizes: dashboardSizes,
        databases: dashboardDatabases,
        // The web section's build (root `pnpm build`) built everything unless this runs alone.
        noBuild: Boolean(options['no-build']) || only !== 'dashboard-only',
        commit: gitCommit(),
        cleanup,
      });
      await cleanup.run();
    }
    if (sectionRuns('load')) {
      await benchLoad({
        ports,
        outDir,
        seconds: loadSeconds,
        // Built above by the web or the API section unless --no-build.
        noBuild: Boolean(options['no-build']) || only !== 'load-only',
        commit: gitCommit(),
        cleanup,
      });
      await cleanup.run();
    }
    if (sectionRuns('money')) {
      await benchMoney({
        ports,
        outDir,
        purchases: moneyPurchases,
        concurrency: moneyConcurrency,
        // Built above by the web or the API section unless --no-build.
        noBuild: Boolean(options['no-build']) || only !== 'money-only',
        commit: gitCommit(),
        cleanup,
      });
      await cleanup.run();
    }
    if (sectionRuns('alerts')) {
      await benchAlerts({ outDir, listings: alertsListings, searches: alertsSearches });
    }
    if (sectionRuns('catalogue')) {
      await benchCatalogueScale({
        ports,
        outDir,
        seconds: catalogueSeconds,
        rounds: catalogueRounds,
        databases: catalogueDatabases,
        sizes: catalogueSizes,
        // Built above by the web or the API section unless --no-build.
        noBuild: Boolean(options['no-build']) || only !== 'catalogue-only',
        commit: gitCommit(),
        cleanup,
      });
      await cleanup.run();
    }
    if (sectionRuns('soak')) {
      await benchSoak({
        ports,
        outDir,
        minutes: soakMinutes,
        // Built above by the web or the API section unless --no-build.
        noBuild: Boolean(options['no-build']) || only !== 'soak',
        commit: gitCommit(),
        cleanup,
      });
    }
    return 0;
  } catch (error) {
    // After an interrupt, what broke is only the browser or stack being stopped under us.
    if (!interrupted) console.error(`\npnpm bench failed: ${error instanceof Error ? error.message : error}`);
    return 1;
  } finally {
    await cleanup.run();
    if (interrupted) process.exit(exitCode[interrupted]);
  }
}

// An explicit exit: a library's stray timer must not keep a finished bench alive.
process.exit(await main());
