import { describe, expect, it } from 'vitest';
import {
  dashboardProblems,
  exportedMetricNames,
  metricNamesIn,
  monitoringProblems,
  nginxProblems,
  prometheusProblems,
} from './monitoring-config';

// The servers of docker-compose.yml and the ports they listen on inside its network.
const services = new Map([
  ['api', 4000],
  ['host', 8080],
  ['catalog', 8080],
  ['dashboard', 8080],
  ['checkout', 8080],
]);

describe("the repository's monitoring files", () => {
  it('pass every check', () => {
    expect(monitoringProblems(services)).toEqual([]);
  });

  it('know the metrics the code declares and the process metrics prom-client adds', () => {
    const names = exportedMetricNames();
    for (const name of [
      'sb_http_request_duration_seconds',
      'sb_catalog_cache_hits_total',
      'sb_db_pool_waiting',
      'sb_render_worker_crashes_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(names).toContain(name);
  });
});

describe('the dashboard check', () => {
  const exported = new Set(['sb_http_request_duration_seconds', 'sb_mail_outbox_depth']);
  const panel = (expr: string, uid = 'prometheus') => ({
    title: 'P',
    datasource: { uid },
    targets: [{ expr }],
  });
  const check = (panels: unknown[]) => dashboardProblems(JSON.stringify({ panels }), exported, 'prometheus');

  it("takes a histogram's series and metrics inside functions", () => {
    expect(
      metricNamesIn('histogram_quantile(0.99, sum by (le) (rate(sb_x_bucket{role="api"}[5m])))'),
    ).toEqual(['sb_x_bucket']);
    expect(
      check([panel('rate(sb_http_request_duration_seconds_count[5m])'), panel('max(sb_mail_outbox_depth)')]),
    ).toEqual([]);
  });

  it('names a panel whose query reads a metric no server exports', () => {
    expect(check([panel('rate(sb_http_requests_total[5m])')])).toEqual([
      'dashboard panel "P" queries sb_http_requests_total, which no server exports',
    ]);
  });

  it('refuses a file that is not JSON, a panel without a query, and another data source', () => {
    expect(dashboardProblems('{ "panels": [', exported, 'prometheus')[0]).toMatch(
      /^the Grafana dashboard is not JSON/,
    );
    expect(check([{ title: 'Empty', datasource: { uid: 'prometheus' }, targets: [] }])).toEqual([
      'dashboard panel "Empty" has no query',
    ]);
    expect(check([panel('max(sb_mail_outbox_depth)', 'elsewhere')])).toEqual([
      'dashboard panel "P" does not use the provisioned data source "prometheus"',
    ]);
  });
});

describe('the Prometheus check', () => {
  const scrape = (targets: string[], token = true) => `
scrape_configs:
  - job_name: all
    ${token ? 'authorization: { credentials_file: /tmp/metrics-token }' : ''}
    dns_sd_configs: [{ names: [api], type: A, port: 4000 }]
    static_configs: [{ targets: ${JSON.stringify(targets)} }]
`;
  const web = ['host:8080', 'catalog:8080', 'dashboard:8080', 'checkout:8080'];

  it('accepts every server scraped at its port with the token', () => {
    expect(prometheusProblems(scrape(web), services)).toEqual([]);
  });

  it('names a target that is no service, a wrong port, a server left out and a missing token', () => {
    expect(
      prometheusProblems(scrape(['host:8080', 'catalogue:8080', 'dashboard:3002'], false), services),
    ).toEqual([
      'scrape job all sends no metrics token (authorization.credentials_file)',
      'scrape job all targets catalogue:8080, not a service of the compose file',
      'scrape job all targets dashboard:3002, but dashboard listens on 8080',
      'Prometheus does not scrape the catalog service',
      'Prometheus does not scrape the checkout service',
    ]);
  });
});

describe('the nginx check', () => {
  it('wants /metrics answered by the proxy itself, never passed on', () => {
    expect(nginxProblems('location = /metrics {\n return 404;\n}')).toEqual([]);
    expect(nginxProblems('location /api/ { proxy_pass http://api_replicas; }')).toEqual([
      'deploy/nginx.conf does not keep /metrics from the public (location = /metrics)',
    ]);
    expect(nginxProblems('location = /metrics { proxy_pass http://api_replicas; }')).toEqual([
      'deploy/nginx.conf passes /metrics through to the API',
    ]);
  });
});
