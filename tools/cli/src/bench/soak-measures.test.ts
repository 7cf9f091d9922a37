import { describe, expect, it } from 'vitest';
import {
  csvLines,
  judgeRss,
  maxPerMinute,
  metricRows,
  METRICS_CSV_HEADER,
  MinuteLatencies,
  MINUTE_MS,
  routeOf,
  rssFromProcStatus,
  type Lifetime,
} from './soak-measures.ts';

const T0 = Date.parse('2026-11-28T01:00:00Z');
const at = (minute: number, second = 0) => T0 + minute * MINUTE_MS + second * 1000;

describe('routeOf', () => {
  it('names a request by its route: /api/v1 and the query dropped, ids, e-mails and numbers as :id', () => {
    expect(routeOf('GET /api/v1/details/6a1f3c2e9b8d7f0011223344')).toBe('GET /details/:id');
    expect(routeOf('GET /api/v1/category/products/04?page=2')).toBe('GET /category/products/:id');
    expect(routeOf('GET /api/v1/users/load-buyer-mf3k2-7%40example.test')).toBe('GET /users/:id');
    expect(routeOf('POST /api/v1/payment/sandbox/1834')).toBe('POST /payment/sandbox/:id');
    expect(routeOf('GET /api/v1/payment/sandbox/1834?token=abc.def')).toBe('GET /payment/sandbox/:id');
    expect(routeOf('GET /api/v1/search?q=thinkpad')).toBe('GET /search');
    expect(routeOf('GET /api/v1/dashboard/summary')).toBe('GET /dashboard/summary');
    expect(routeOf('POST /api/v1/bookings')).toBe('POST /bookings');
  });
});

describe('MinuteLatencies', () => {
  it('gives each route its p99 and counts per minute, late answers in the last minute', () => {
    const latencies = new MinuteLatencies(T0, 2);
    // Minute 1: 100 answers of 1..100 ms on details (p99 = the 99th value, 100 ms at index 99).
    for (let ms = 1; ms <= 100; ms++)
      latencies.add({ route: 'GET /details/:id', atMs: at(0, ms % 60), ms, failed: false });
    // Minute 2: three bookings, one a 502; one more answered 3 s after the run's end.
    latencies.add({ route: 'POST /bookings', atMs: at(1, 5), ms: 12.5, failed: false });
    latencies.add({ route: 'POST /bookings', atMs: at(1, 30), ms: 40, failed: true });
    latencies.add({ route: 'POST /bookings', atMs: at(2, 3), ms: 20, failed: false });
    // A socket error: counted as failed, no latency.
    latencies.add({ route: 'book: no answer', atMs: at(1, 31), failed: true });
    expect(latencies.rows()).toEqual([
      { route: 'book: no answer', minute: 1, requests: 1, failed: 1, p99: null },
      { route: 'GET /details/:id', minute: 0, requests: 100, failed: 0, p99: 100 },
      { route: 'POST /bookings', minute: 1, requests: 3, failed: 1, p99: 40 },
    ]);
  });

  it('keeps the minutes of one route apart', () => {
    const latencies = new MinuteLatencies(T0, 3);
    latencies.add({ route: 'GET /search', atMs: at(0, 59), ms: 5, failed: false });
    latencies.add({ route: 'GET /search', atMs: at(1, 0), ms: 300, failed: false });
    latencies.add({ route: 'GET /search', atMs: at(2, 10), ms: 7, failed: false });
    expect(latencies.rows().map((r) => [r.minute, r.p99])).toEqual([
      [0, 5],
      [1, 300],
      [2, 7],
    ]);
  });
});

describe('maxPerMinute', () => {
  it('takes the largest sample of each minute and leaves a minute without one empty', () => {
    const samples = [
      { atMs: at(0, 0), value: 12 },
      { atMs: at(0, 50), value: 17 },
      { atMs: at(2, 10), value: 9 },
      { atMs: at(3, 1), value: 99 }, // after the run: left out
    ];
    expect(maxPerMinute(samples, T0, 3)).toEqual([17, null, 9]);
  });
});

const MB = 2 ** 20;
/** A lifetime sampled every 10 s, its RSS in MB given per sample by `rssAt(second)`. */
function lifetime(fromMinute: number, toMinute: number, rssAt: (second: number) => number): Lifetime {
  const rss = [];
  for (let s = 0; s <= (toMinute - fromMinute) * 60; s += 10)
    rss.push({ atMs: at(fromMinute, s), value: rssAt(s) * MB });
  return { slot: 'B', pid: 4242, startMs: at(fromMinute), endMs: at(toMinute), rss };
}

describe('judgeRss', () => {
  it('compares the last minute with the first minute after the 2-minute warm-up', () => {
    // Fast growth during warm-up (not judged), then 150 → 160 MB: 6.7%.
    const steady = lifetime(0, 7, (s) => (s < 120 ? 80 + s / 2 : 150 + ((s - 120) / 300) * 10));
    const judged = judgeRss(steady);
    expect(judged.judged).toBe(true);
    expect(judged.met).toBe(true);
    expect(judged.growth).toBeGreaterThan(0.05);
    expect(judged.growth).toBeLessThan(0.1);
    expect(judged.why).toMatch(/% \(limit 10\.0%\)$/);
  });

  it('fails a process whose RSS keeps growing past 10%', () => {
    const leaking = judgeRss(lifetime(3, 10, (s) => 120 + s / 6)); // +10 MB a minute
    expect(leaking).toMatchObject({ judged: true, met: false });
    expect(leaking.growth).toBeGreaterThan(0.1);
  });

  it('does not judge a lifetime shorter than warm-up + 2 minutes, and does not fail it', () => {
    expect(judgeRss(lifetime(7, 10, () => 100))).toMatchObject({ judged: false, met: true, growth: null });
    expect(judgeRss(lifetime(0, 4, () => 100))).toMatchObject({ judged: true, met: true, growth: 0 });
  });

  it('fails when a window to compare has no sample (the sampler stopped)', () => {
    const gap = lifetime(0, 7, () => 100);
    gap.rss = gap.rss.filter((s) => s.atMs < at(6));
    expect(judgeRss(gap)).toMatchObject({
      judged: false,
      met: false,
      why: 'no RSS sample in a window to compare',
    });
  });
});

describe('rssFromProcStatus', () => {
  it('reads VmRSS in bytes from /proc/<pid>/status, null without it', () => {
    const status =
      'Name:\tnode\nState:\tS (sleeping)\nVmPeak:\t 1234567 kB\nVmRSS:\t  153600 kB\nRssAnon:\t  100000 kB\n';
    expect(rssFromProcStatus(status)).toBe(150 * MB);
    expect(rssFromProcStatus('Name:\tzombie\nState:\tZ (zombie)\n')).toBeNull();
  });

  it('reads this very process', async () => {
    const { readFileSync } = await import('node:fs');
    expect(rssFromProcStatus(readFileSync('/proc/self/status', 'utf8'))).toBeGreaterThan(MB);
  });
});

// prom-client's text for a counter with labels, a gauge, a histogram and the default process metrics.
const SCRAPE = `# HELP process_resident_memory_bytes Resident memory size in bytes.
# TYPE process_resident_memory_bytes gauge
process_resident_memory_bytes 160432128

# HELP http_requests_total Requests answered, by route and status.
# TYPE http_requests_total counter
http_requests_total{method="GET",route="/api/v1/details/:id",status_code="200"} 5012
http_requests_total{method="POST",route="/api/v1/bookings",status_code="201"} 301
http_requests_total{method="GET",route="/api/v1/search",note="a \\"quoted\\", comma"} 7 1764291600000

# HELP http_request_duration_seconds Time to answer.
# TYPE http_request_duration_seconds histogram
http_request_duration_seconds_bucket{le="0.005",route="/api/v1/details/:id"} 4800
http_request_duration_seconds_bucket{le="+Inf",route="/api/v1/details/:id"} 5012
http_request_duration_seconds_sum{route="/api/v1/details/:id"} 9.25
http_request_duration_seconds_count{route="/api/v1/details/:id"} 5012
nodejs_heap_size_used_bytes 5.5e+07
`;

describe('metricRows and csvLines', () => {
  it('keeps every sample but histogram buckets, labels as written, as CSV with quoting', () => {
    const { rows, bucketsLeftOut } = metricRows(SCRAPE, {
      timestamp: '2026-11-28T01:00:10.000Z',
      replica: 'A',
    });
    expect(bucketsLeftOut).toBe(2);
    expect(rows.map((r) => r.metric)).toEqual([
      'process_resident_memory_bytes',
      'http_requests_total',
      'http_requests_total',
      'http_requests_total',
      'http_request_duration_seconds_sum',
      'http_request_duration_seconds_count',
      'nodejs_heap_size_used_bytes',
    ]);
    expect(rows[3]).toEqual({
      timestamp: '2026-11-28T01:00:10.000Z',
      replica: 'A',
      metric: 'http_requests_total',
      labels: '{method="GET",route="/api/v1/search",note="a \\"quoted\\", comma"}',
      value: '7',
    });
    const csv = METRICS_CSV_HEADER + csvLines(rows);
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe('timestamp,replica,metric,labels,value');
    expect(lines[1]).toBe('2026-11-28T01:00:10.000Z,A,process_resident_memory_bytes,,160432128');
    expect(lines[2]).toBe(
      '2026-11-28T01:00:10.000Z,A,http_requests_total,"{method=""GET"",route=""/api/v1/details/:id"",status_code=""200""}",5012',
    );
    expect(lines[7]).toBe('2026-11-28T01:00:10.000Z,A,nodejs_heap_size_used_bytes,,5.5e+07');
    expect(lines).toHaveLength(8);
  });

  it('finds no samples in a 404 page', () => {
    const notFound = '{"error":"Not Found","message":"Route GET:/metrics not found","statusCode":404}';
    expect(metricRows(notFound, { timestamp: 't', replica: 'B' })).toEqual({ rows: [], bucketsLeftOut: 0 });
  });
});
