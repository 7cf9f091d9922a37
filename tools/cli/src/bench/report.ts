// Printing the bench's results and writing them to bench-results/. Targets are reported, never
// enforced: the bench measures; whether a miss blocks anything is for people to decide.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from './browser.ts';
import type { LighthouseRun, Metrics } from './lighthouse.ts';
import { totals, type Transfer } from './transfer.ts';
import { kb, KB, table } from './table.ts';

/** One page of the web section, filled in as the bench goes (warm-up, runs, medians). */
export interface MeasuredPage {
  name: string;
  path: string;
  url: string;
  browser: Browser;
  signedIn: boolean;
  isReference: boolean;
  runs: LighthouseRun[];
  /** The same runs, each in a Chromium of its own (runLighthouseFresh); empty when skipped. */
  freshRuns: LighthouseRun[];
  transfer?: Transfer;
  contents?: { owner: string; bytes: number }[];
  medians?: Metrics;
  freshMedians?: Metrics;
  lcpRatio?: number;
}

/** A page after the web section measured it. */
export type Measured = MeasuredPage & Required<Pick<MeasuredPage, 'transfer' | 'medians' | 'lcpRatio'>>;

export interface TargetRow {
  target: string;
  page: string;
  value: number;
  shown: string;
  met: boolean;
}

export interface ApiLatency {
  medianMs: number;
  p99Ms: number;
  requestsPerSecond: number;
}

interface PageTarget {
  label: string;
  key: keyof Metrics;
  met(value: number): boolean;
  show(value: number): string;
}

// The performance issue's targets, per signed-in or signed-out page of the site (not the reference).
export const PAGE_TARGETS: PageTarget[] = [
  { label: 'performance ≥ 0.95', key: 'score', met: (v) => v >= 0.95, show: (v) => v.toFixed(2) },
  { label: 'LCP ≤ 2000 ms', key: 'lcpMs', met: (v) => v <= 2000, show: (v) => `${Math.round(v)} ms` },
  { label: 'TBT ≤ 150 ms', key: 'tbtMs', met: (v) => v <= 150, show: (v) => `${Math.round(v)} ms` },
  { label: 'CLS ≤ 0.02', key: 'cls', met: (v) => v <= 0.02, show: (v) => v.toFixed(3) },
];
export const HOME_BYTES_TARGET_KB = 150;

/**
 * The working tree against the baseline (`pnpm bench --baseline`), page by page: medians of the
 * same rounds, baseline → now with the ratio now ÷ baseline, and each build's TBT runs.
 */
export function comparisonReport(
  commit: string,
  pages: readonly Measured[],
  baseline: readonly Measured[],
): string {
  const pair = (now: number, before: number, digits = 0) =>
    `${before.toFixed(digits)} → ${now.toFixed(digits)} (×${(now / before).toFixed(2)})`;
  const bytes = (page: Measured) => {
    const { js, css } = totals(page.transfer.packages);
    return (js.compressed + css.compressed) / KB;
  };
  const rows = pages.flatMap((page) => {
    const base = baseline.find((b) => b.name === page.name);
    if (!base) return [];
    return [
      [
        page.name,
        pair(page.medians.score, base.medians.score, 2),
        pair(page.medians.lcpMs, base.medians.lcpMs),
        pair(page.medians.tbtMs, base.medians.tbtMs),
        pair(bytes(page), bytes(base), 1),
        page.runs.map((r) => r.tbtMs).join(' '),
        base.runs.map((r) => r.tbtMs).join(' '),
      ],
    ];
  });
  return [
    `Against the baseline ${commit.slice(0, 7)} (medians of the same rounds; ×: now ÷ baseline)`,
    table(['page', 'score', 'LCP ms', 'TBT ms', 'JS+CSS KB', 'TBT runs now', 'TBT runs baseline'], rows),
  ].join('\n');
}

/**
 * Each page's medians in the kept browser beside those in a fresh browser per run (as PageSpeed
 * Insights measures), with the ratio fresh ÷ kept, and the fresh runs' TBT.
 */
export function freshBrowserReport(pages: readonly Measured[]): string {
  const pair = (kept: number, fresh: number, digits = 0) =>
    `${kept.toFixed(digits)} / ${fresh.toFixed(digits)} (×${(fresh / kept).toFixed(2)})`;
  const rows = pages.flatMap((page) => {
    const fresh = page.freshMedians;
    if (!fresh) return [];
    const kept = page.medians;
    return [
      [
        page.name,
        pair(kept.score, fresh.score, 2),
        pair(kept.lcpMs, fresh.lcpMs),
        pair(kept.tbtMs, fresh.tbtMs),
        pair(kept.fcpMs, fresh.fcpMs),
        page.freshRuns.map((r) => r.tbtMs).join(' '),
      ],
    ];
  });
  return [
    'One kept browser / a fresh browser per run, as PageSpeed Insights (medians; ×: fresh ÷ kept)',
    table(['page', 'score', 'LCP ms', 'TBT ms', 'FCP ms', 'TBT runs fresh'], rows),
  ].join('\n');
}

/** Foreign requests by address without the query (callbacks make each one unique), with counts. */
function groupByAddress(urls: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const url of urls) {
    const { origin, pathname } = new URL(url);
    counts.set(origin + pathname, (counts.get(origin + pathname) ?? 0) + 1);
  }
  return [...counts].map(([address, n]) => `  ${address}  (${n}×)`).join('\n');
}

/** A page's path for the table: a long listing id shortened, it is in the JSON in full. */
const shortPath = (p: string) => p.replace(/([0-9a-f]{8})-[0-9a-f-]{27,}/, '$1…');

/** Every target with the measured median and whether it is met, for the table and the JSON. */
export function evaluateTargets(pages: readonly Measured[]): TargetRow[] {
  const rows: TargetRow[] = [];
  for (const page of pages.filter((p) => !p.isReference)) {
    for (const target of PAGE_TARGETS) {
      const value = page.medians[target.key];
      rows.push({
        target: target.label,
        page: page.name,
        value,
        shown: target.show(value),
        met: target.met(value),
      });
    }
  }
  const home = pages.find((p) => p.path === '/');
  if (home) {
    const { js, css } = totals(home.transfer.packages);
    const value = (js.compressed + css.compressed) / KB;
    rows.push({
      target: `home JS+CSS ≤ ${HOME_BYTES_TARGET_KB} KB compressed`,
      page: home.name,
      value: Number(value.toFixed(1)),
      shown: `${value.toFixed(1)} KB`,
      met: value <= HOME_BYTES_TARGET_KB,
    });
  }
  return rows;
}

export function printReport({
  pages,
  targets,
  foreign,
  api,
  runs,
}: {
  pages: readonly Measured[];
  targets: readonly TargetRow[];
  foreign: readonly string[];
  api: ApiLatency;
  runs: number;
}): void {
  const out: string[] = [];
  out.push(
    `\nLighthouse ${pages[0]?.runs[0]?.lighthouseVersion}, mobile, simulated throttling; median of ${runs} run${runs === 1 ? '' : 's'} per page`,
  );
  out.push(
    table(
      ['page', 'score', 'LCP', 'TBT', 'CLS', 'LCP÷reference', 'JS KB compressed', 'CSS KB compressed'],
      pages.map((p) => {
        const { js, css } = totals(p.transfer.packages);
        return [
          `${p.name} ${shortPath(p.path)}`,
          p.medians.score.toFixed(2),
          `${Math.round(p.medians.lcpMs)} ms`,
          `${Math.round(p.medians.tbtMs)} ms`,
          p.medians.cls.toFixed(3),
          p.isReference ? '1.00' : p.lcpRatio.toFixed(2),
          kb(js.compressed),
          kb(css.compressed),
        ];
      }),
    ),
  );
  out.push('\nEach run (score / LCP ms / TBT ms / CLS), to judge how steady the medians are:');
  for (const p of pages) {
    const runsText = p.runs
      .map((r) => `${r.score.toFixed(2)} / ${r.lcpMs} / ${r.tbtMs} / ${r.cls.toFixed(3)}`)
      .join('   ');
    out.push(`  ${p.name.padEnd(10)} ${runsText}`);
    out.push(`  ${''.padEnd(10)} LCP element: ${p.runs.at(-1)?.lcpElement ?? '?'}`);
  }

  for (const p of pages.filter((page) => !page.isReference)) {
    out.push(
      `\n${p.name} ${shortPath(p.path)}${p.signedIn ? ' (signed in)' : ''}: JS and CSS per package, KB`,
    );
    const rows = Object.entries(p.transfer.packages)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([pkg, t]) => [pkg, kb(t.js.raw), kb(t.js.compressed), kb(t.css.raw), kb(t.css.compressed)]);
    const sum = totals(p.transfer.packages);
    rows.push(['total', kb(sum.js.raw), kb(sum.js.compressed), kb(sum.css.raw), kb(sum.css.compressed)]);
    out.push(table(['package', 'JS raw', 'JS compressed', 'CSS raw', 'CSS compressed'], rows));
    if (p.contents?.length) {
      out.push(`  Largest parts of that JavaScript (minified KB, from the source maps):`);
      const top = p.contents.slice(0, 10).map((c) => `${c.owner} ${kb(c.bytes)}`);
      out.push(`  ${top.join(' · ')}`);
    }
  }

  out.push('\nTargets (medians; reported, not enforced)');
  out.push(
    table(
      ['target', 'page', 'measured', 'met'],
      targets.map((t) => [t.target, t.page, t.shown, t.met ? 'met' : 'NOT MET']),
    ),
  );
  const met = targets.filter((t) => t.met).length;
  out.push(`${met} of ${targets.length} targets met.`);

  out.push(
    foreign.length
      ? `\nRequests that left the stack (there should be none): ${foreign.length}\n${groupByAddress(foreign)}`
      : '\nRequests that left the stack: none.',
  );
  out.push(
    `\nAPI GET /api/v1/category (10 connections, 5 s): median ${api.medianMs} ms, p99 ${api.p99Ms} ms, ` +
      `${Math.round(api.requestsPerSecond)} req/s`,
  );
  console.log(out.join('\n'));
}

/** An ISO date as the results' file names carry it (no colons, whole seconds). */
export const resultStamp = (isoDate: string) => isoDate.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');

/** bench-results/web-<date>.json for the record, and latest.json for whoever compares next. */
export function writeResults(
  outDir: string,
  results: { date: string },
  { prefix = 'web', latest = 'latest.json' } = {},
): string {
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${prefix}-${resultStamp(results.date)}.json`);
  const json = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(file, json);
  writeFileSync(path.join(outDir, latest), json);
  return file;
}
