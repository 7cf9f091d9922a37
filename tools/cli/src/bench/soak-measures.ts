// What the soak (soak.ts) makes of its observations: p99 per route per minute, RSS per process
// lifetime and its growth after warm-up, samples per minute, and the API's Prometheus text as CSV
// rows. Plain functions of recorded values, so the tests feed them real inputs without a run.
import { percentile } from './shared.ts';

export const MINUTE_MS = 60_000;

/** `GET /api/v1/details/3f2a…?x=1` → `GET /details/:id`: a path segment with a digit or an @ is a parameter. */
export function routeOf(request: string): string {
  const [method = 'GET', target = '/'] = request.split(' ');
  const pathname = (target.split('?')[0] ?? '/').replace(/^\/api\/v1(?=\/|$)/, '') || '/';
  const segments = pathname.split('/').map((s) => (/[\d@]|%40/.test(s) ? ':id' : s));
  return `${method} ${segments.join('/')}`;
}

/** One answer (with its latency) or a request that got none, at `atMs`. */
export interface Answer {
  route: string;
  atMs: number;
  ms?: number;
  failed: boolean;
}

export interface RouteMinute {
  route: string;
  minute: number;
  requests: number;
  failed: number;
  p99: number | null;
}

/**
 * Answers grouped by route and by minute since `startMs` (minute 0 is the first); answers after
 * the last minute (requests still in flight when the run stopped) count in the last one.
 */
export class MinuteLatencies {
  private readonly groups = new Map<string, { latencies: number[]; requests: number; failed: number }>();

  constructor(
    private readonly startMs: number,
    private readonly minutes: number,
  ) {}

  add(answer: Answer): void {
    const minute = Math.min(
      this.minutes - 1,
      Math.max(0, Math.floor((answer.atMs - this.startMs) / MINUTE_MS)),
    );
    const key = `${minute}\u0000${answer.route}`;
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = { latencies: [], requests: 0, failed: 0 }));
    group.requests++;
    if (answer.failed) group.failed++;
    if (answer.ms !== undefined) group.latencies.push(answer.ms);
  }

  /** Per route (alphabetically), then per minute; p99 over the answers that came (null when none). */
  rows(): RouteMinute[] {
    return [...this.groups.entries()]
      .map(([key, g]) => {
        const [minute = '0', route = ''] = key.split('\u0000');
        const sorted = Float64Array.from(g.latencies).sort();
        const p99 = sorted.length ? Number(percentile(sorted, 99).toFixed(1)) : null;
        return { route, minute: Number(minute), requests: g.requests, failed: g.failed, p99 };
      })
      .sort((a, b) => a.route.localeCompare(b.route) || a.minute - b.minute);
  }
}

/** A value sampled at `atMs` (RSS in bytes, database connections). */
export interface Sample {
  atMs: number;
  value: number;
}

/** The largest sample of each minute since `startMs` (null for a minute without one). */
export function maxPerMinute(
  samples: readonly Sample[],
  startMs: number,
  minutes: number,
): (number | null)[] {
  const out: (number | null)[] = Array.from({ length: minutes }, () => null);
  for (const { atMs, value } of samples) {
    const minute = Math.floor((atMs - startMs) / MINUTE_MS);
    if (minute < 0 || minute >= minutes) continue;
    out[minute] = Math.max(out[minute] ?? value, value);
  }
  return out;
}

/** One process in one replica slot, from its start to its SIGKILL or the end of the run. */
export interface Lifetime {
  slot: string;
  pid: number;
  startMs: number;
  endMs: number;
  /** RSS in bytes, sampled while it lived. */
  rss: Sample[];
}

export interface RssJudgement {
  slot: string;
  pid: number;
  /** Median RSS of the first minute after warm-up and of the last minute, in bytes. */
  firstBytes: number | null;
  lastBytes: number | null;
  /** last ÷ first − 1; null when the lifetime is too short to judge. */
  growth: number | null;
  judged: boolean;
  met: boolean;
  why: string;
}

const medianOf = (values: readonly number[]): number | null => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? null) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/**
 * A process's RSS growth after warm-up: the median of its last minute against the median of its
 * first minute after `warmUpMs`. Judged only when those two minutes do not overlap (the process
 * lived warm-up + 2 minutes); a shorter lifetime is reported as not judged and does not fail.
 */
export function judgeRss(
  lifetime: Lifetime,
  { warmUpMs = 2 * MINUTE_MS, limit = 0.1 }: { warmUpMs?: number; limit?: number } = {},
): RssJudgement {
  const { slot, pid, startMs, endMs, rss } = lifetime;
  const firstFrom = startMs + warmUpMs;
  const lastFrom = endMs - MINUTE_MS;
  const base = { slot, pid, firstBytes: null, lastBytes: null, growth: null };
  if (lastFrom < firstFrom + MINUTE_MS) {
    const lived = Math.round((endMs - startMs) / 1000);
    return {
      ...base,
      judged: false,
      met: true,
      why: `lived ${lived} s, under warm-up ${warmUpMs / 1000} s + 2 minutes: not judged`,
    };
  }
  const firstBytes = medianOf(
    rss.filter((s) => s.atMs >= firstFrom && s.atMs < firstFrom + MINUTE_MS).map((s) => s.value),
  );
  const lastBytes = medianOf(rss.filter((s) => s.atMs >= lastFrom && s.atMs <= endMs).map((s) => s.value));
  if (firstBytes === null || lastBytes === null) {
    return {
      ...base,
      firstBytes,
      lastBytes,
      judged: false,
      met: false,
      why: 'no RSS sample in a window to compare',
    };
  }
  const growth = lastBytes / firstBytes - 1;
  const met = growth <= limit;
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
  return {
    slot,
    pid,
    firstBytes,
    lastBytes,
    growth,
    judged: true,
    met,
    why: `${mb(firstBytes)} → ${mb(lastBytes)} MB: ${pct(growth)} (limit ${pct(limit)})`,
  };
}

export const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

/** RSS in bytes from the text of /proc/<pid>/status (its `VmRSS:  123456 kB` line). */
export function rssFromProcStatus(status: string): number | null {
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kb === undefined ? null : Number(kb) * 1024;
}

/** One row of the metrics CSV: one sample of one scrape. */
export interface MetricRow {
  timestamp: string;
  replica: string;
  metric: string;
  labels: string;
  value: string;
}

export const METRICS_CSV_HEADER = 'timestamp,replica,metric,labels,value\n';

// `name{labels} value [timestamp]` of the Prometheus text format; label values may hold escaped quotes.
const SAMPLE_LINE = /^([A-Za-z_:][\w:]*)(\{(?:[^"}]|"(?:[^"\\]|\\.)*")*\})?\s+(\S+)(?:\s+-?\d+)?\s*$/;

/**
 * The samples of one scrape's Prometheus text as CSV rows, labels kept as written (`{a="b"}`).
 * Histogram buckets are left out (`_sum` and `_count` stay): with every route and status they are
 * most of the text, and the soak takes its latencies from the load itself. Returns the rows and
 * how many bucket samples were left out.
 */
export function metricRows(
  text: string,
  { timestamp, replica }: { timestamp: string; replica: string },
): { rows: MetricRow[]; bucketsLeftOut: number } {
  const rows: MetricRow[] = [];
  let bucketsLeftOut = 0;
  for (const line of text.split('\n')) {
    const match = SAMPLE_LINE.exec(line.trim());
    if (!match) continue;
    const [, metric = '', labels = '', value = ''] = match;
    if (metric.endsWith('_bucket')) {
      bucketsLeftOut++;
      continue;
    }
    rows.push({ timestamp, replica, metric, labels, value });
  }
  return { rows, bucketsLeftOut };
}

/** A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
const field = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** Rows as CSV lines (no header), each ending in a line break. */
export function csvLines(rows: readonly MetricRow[]): string {
  return rows
    .map((r) => [r.timestamp, r.replica, r.metric, r.labels, r.value].map(field).join(',') + '\n')
    .join('');
}
