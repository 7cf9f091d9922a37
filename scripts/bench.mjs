// `pnpm bench`: production builds served as users get them (compressed, cached), measured once.
// Prints the JS and CSS the home page loads per package (raw and compressed), Lighthouse mobile
// performance, LCP and TBT of /, and the API's median latency for the category list.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';
import { resolvePorts } from './ports.mjs';
import { repoRoot } from './runtime-config.mjs';
import { killGroup, waitForUrl } from './stack.mjs';

process.env.SB_PORT_OFFSET ??= '800';
const ports = resolvePorts();
const outDir = path.join(repoRoot, 'bench-results');
// Lighthouse launches Chromium itself and needs headless asked for; Playwright adds it on its own.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

const packageOfPort = Object.fromEntries(
  ['host', 'catalog', 'dashboard', 'checkout'].map((name) => [String(ports[name]), name]),
);

async function measureTransfer() {
  const { chromium } = await import(
    path.join(repoRoot, 'e2e', 'node_modules', '@playwright', 'test', 'index.mjs')
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const page = await browser.newPage();
  const rows = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    const type = url.pathname.endsWith('.css') ? 'css' : url.pathname.endsWith('.js') ? 'js' : null;
    if (!type) return;
    const pkg = packageOfPort[url.port] ?? 'other';
    try {
      const body = await response.body();
      const sizes = await response.request().sizes();
      rows.push({ pkg, type, raw: body.length, compressed: sizes.responseBodySize });
    } catch {
      /* redirected or aborted */
    }
  });
  await page.goto(`http://localhost:${ports.host}/`, { waitUntil: 'networkidle' });
  await browser.close();
  const table = {};
  for (const { pkg, type, raw, compressed } of rows) {
    table[pkg] ??= { js: { raw: 0, compressed: 0 }, css: { raw: 0, compressed: 0 } };
    table[pkg][type].raw += raw;
    table[pkg][type].compressed += compressed;
  }
  return table;
}

function lighthouse() {
  const report = path.join(outDir, 'lighthouse.json');
  const bin = path.join(repoRoot, 'node_modules', '.bin', 'lighthouse');
  const result = spawnSync(
    bin,
    [
      `http://localhost:${ports.host}/`,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: 'inherit' },
  );
  if (result.status !== 0) return null;
  const lhr = JSON.parse(readFileSync(report, 'utf8'));
  return {
    score: lhr.categories.performance.score,
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
  };
}

async function apiLatency() {
  const { default: autocannon } = await import(
    path.join(repoRoot, 'node_modules', 'autocannon', 'autocannon.js')
  );
  const result = await autocannon({
    url: `http://localhost:${ports.api}/api/v1/category`,
    connections: 10,
    duration: 5,
  });
  return {
    medianMs: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: result.requests.average,
  };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  mkdirSync(outDir, { recursive: true });
  if (!process.argv.includes('--no-build')) {
    if (spawnSync('pnpm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' }).status !== 0)
      process.exit(1);
  }
  const stack = spawn(
    process.execPath,
    [path.join(repoRoot, 'scripts', 'start.mjs'), '--no-build', '--fresh', '--quiet'],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: path.join(repoRoot, '.data-bench') },
      stdio: 'ignore',
      detached: true,
    },
  );
  try {
    await waitForUrl(`http://localhost:${ports.host}/remotes.json`, { timeoutMs: 240_000, child: stack });
    const transfer = await measureTransfer();
    const lh = lighthouse();
    const api = await apiLatency();
    const summary = { date: new Date().toISOString(), transfer, lighthouse: lh, api };
    writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify(summary, null, 2));

    console.log('\nHome page (/) — bytes loaded per package');
    console.log('package     JS raw     JS compressed   CSS raw    CSS compressed');
    let total = { jr: 0, jc: 0, cr: 0, cc: 0 };
    for (const [pkg, t] of Object.entries(transfer)) {
      console.log(
        `${pkg.padEnd(11)} ${kb(t.js.raw).padEnd(10)} ${kb(t.js.compressed).padEnd(15)} ${kb(t.css.raw).padEnd(10)} ${kb(t.css.compressed)}`,
      );
      total = {
        jr: total.jr + t.js.raw,
        jc: total.jc + t.js.compressed,
        cr: total.cr + t.css.raw,
        cc: total.cc + t.css.compressed,
      };
    }
    console.log(
      `${'total'.padEnd(11)} ${kb(total.jr).padEnd(10)} ${kb(total.jc).padEnd(15)} ${kb(total.cr).padEnd(10)} ${kb(total.cc)}`,
    );
    console.log(
      `compression ratio: JS ${(total.jr / total.jc).toFixed(2)}x, CSS ${(total.cr / Math.max(total.cc, 1)).toFixed(2)}x`,
    );
    if (lh)
      console.log(`\nLighthouse mobile: performance ${lh.score}, LCP ${lh.lcpMs} ms, TBT ${lh.tbtMs} ms`);
    console.log(
      `API GET /category (10 connections, 5 s): median ${api.medianMs} ms, p99 ${api.p99Ms} ms, ${Math.round(api.requestsPerSecond)} req/s`,
    );
    console.log(
      `\nFull results: ${path.relative(repoRoot, outDir)}/summary.json (one run; the machine is shared, compare ratios).`,
    );
  } finally {
    killGroup(stack.pid, 'SIGTERM');
    await new Promise((r) => stack.once('exit', r));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
