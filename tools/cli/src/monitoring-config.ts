// Checks the monitoring parts of docker-compose.yml without running them (docs/operations.md#metrics):
// Prometheus scrapes only services of the compose file, with the metrics token; the nginx proxy
// keeps /metrics from the public; the Grafana dashboard parses and every panel's query names a
// metric that the API's or the web servers' code exports. validate-compose.ts runs it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { parse as parseYaml } from 'yaml';
import { repoRoot } from 'web-server/runtime-config';

export const MONITORING_FILES = {
  prometheus: path.join(repoRoot, 'deploy', 'prometheus', 'prometheus.yml'),
  dashboard: path.join(repoRoot, 'deploy', 'grafana', 'dashboards', 'secondbyte.json'),
  datasource: path.join(repoRoot, 'deploy', 'grafana', 'provisioning', 'datasources', 'prometheus.yml'),
  nginx: path.join(repoRoot, 'deploy', 'nginx.conf'),
  /** Where the metrics are declared: every `sb_…` name in them is exported. */
  sources: [
    path.join(repoRoot, 'api', 'src', 'plugins', 'metrics.ts'),
    path.join(repoRoot, 'web-server', 'src', 'metrics.ts'),
  ],
};

/** The names a scrape of our processes can carry: ours, and prom-client's process and Node metrics. */
export function exportedMetricNames(sources: readonly string[] = MONITORING_FILES.sources): Set<string> {
  const names = new Set<string>();
  for (const file of sources)
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/'(sb_[a-z0-9_]+)'/g)) names.add(name!);
  const defaults = new Registry();
  collectDefaultMetrics({ register: defaults });
  for (const metric of defaults.getMetricsAsArray()) names.add(metric.name);
  return names;
}

/** Metric names in a PromQL expression: our prefixes, with a histogram's series suffix removed. */
export function metricNamesIn(expr: string): string[] {
  return [...expr.matchAll(/\b((?:sb|process|nodejs)_[a-zA-Z0-9_]+)/g)].map((m) => m[1]!);
}

const known = (name: string, exported: ReadonlySet<string>) =>
  exported.has(name) || exported.has(name.replace(/_(bucket|count|sum)$/, ''));

interface Dashboard {
  panels?: { title?: string; targets?: { expr?: string }[]; datasource?: { uid?: string } }[];
}

/** What is wrong with a dashboard: unparsable, a panel without a query, a query naming an unknown metric. */
export function dashboardProblems(
  json: string,
  exported: ReadonlySet<string>,
  datasourceUid: string,
): string[] {
  let dashboard: Dashboard;
  try {
    dashboard = JSON.parse(json) as Dashboard;
  } catch (error) {
    return [`the Grafana dashboard is not JSON: ${(error as Error).message}`];
  }
  if (!dashboard.panels?.length) return ['the Grafana dashboard has no panels'];
  const problems: string[] = [];
  for (const panel of dashboard.panels) {
    const title = panel.title ?? '(untitled)';
    const exprs = (panel.targets ?? []).map((t) => t.expr ?? '').filter(Boolean);
    if (exprs.length === 0) problems.push(`dashboard panel "${title}" has no query`);
    if (panel.datasource?.uid !== datasourceUid)
      problems.push(`dashboard panel "${title}" does not use the provisioned data source "${datasourceUid}"`);
    for (const expr of exprs) {
      const names = metricNamesIn(expr);
      if (names.length === 0) problems.push(`dashboard panel "${title}" queries no metric: ${expr}`);
      for (const name of names)
        if (!known(name, exported))
          problems.push(`dashboard panel "${title}" queries ${name}, which no server exports`);
    }
  }
  return problems;
}

interface ScrapeConfig {
  job_name?: string;
  metrics_path?: string;
  authorization?: { credentials_file?: string };
  static_configs?: { targets?: string[] }[];
  dns_sd_configs?: { names?: string[]; port?: number }[];
}

/** What is wrong with Prometheus's scrape targets, given the compose file's services and their ports. */
export function prometheusProblems(yamlText: string, services: ReadonlyMap<string, number>): string[] {
  const config = parseYaml(yamlText) as { scrape_configs?: ScrapeConfig[] } | null;
  const scrapes = config?.scrape_configs ?? [];
  if (scrapes.length === 0) return ['deploy/prometheus/prometheus.yml has no scrape_configs'];
  const problems: string[] = [];
  const scraped = new Set<string>();
  for (const scrape of scrapes) {
    const job = scrape.job_name ?? '(unnamed)';
    if ((scrape.metrics_path ?? '/metrics') !== '/metrics')
      problems.push(`scrape job ${job} does not read /metrics`);
    if (!scrape.authorization?.credentials_file)
      problems.push(`scrape job ${job} sends no metrics token (authorization.credentials_file)`);
    const targets = [
      ...(scrape.static_configs ?? []).flatMap((c) => c.targets ?? []),
      ...(scrape.dns_sd_configs ?? []).flatMap((c) =>
        (c.names ?? []).map((name) => `${name}:${c.port ?? ''}`),
      ),
    ];
    for (const target of targets) {
      const [service = '', port = ''] = target.split(':');
      if (!services.has(service))
        problems.push(`scrape job ${job} targets ${target}, not a service of the compose file`);
      else if (Number(port) !== services.get(service))
        problems.push(
          `scrape job ${job} targets ${target}, but ${service} listens on ${services.get(service)}`,
        );
      scraped.add(service);
    }
  }
  for (const service of services.keys())
    if (!scraped.has(service)) problems.push(`Prometheus does not scrape the ${service} service`);
  return problems;
}

/** nginx must answer /metrics itself and never pass it to a replica. */
export function nginxProblems(conf: string): string[] {
  const block = /location\s*=\s*\/metrics\s*\{([^}]*)\}/.exec(conf);
  if (!block) return ['deploy/nginx.conf does not keep /metrics from the public (location = /metrics)'];
  if (/proxy_pass/.test(block[1]!)) return ['deploy/nginx.conf passes /metrics through to the API'];
  return [];
}

/**
 * Every check over the repository's files. `services` maps each service Prometheus must scrape to
 * the port its server listens on inside the network.
 */
export function monitoringProblems(services: ReadonlyMap<string, number>): string[] {
  const datasource = parseYaml(readFileSync(MONITORING_FILES.datasource, 'utf8')) as {
    datasources?: { uid?: string; url?: string }[];
  };
  const uid = datasource.datasources?.[0]?.uid ?? '';
  const problems: string[] = [];
  if (!datasource.datasources?.[0]?.url?.startsWith('http://prometheus:'))
    problems.push('the Grafana data source does not point at the prometheus service');
  return [
    ...problems,
    ...prometheusProblems(readFileSync(MONITORING_FILES.prometheus, 'utf8'), services),
    ...dashboardProblems(readFileSync(MONITORING_FILES.dashboard, 'utf8'), exportedMetricNames(), uid),
    ...nginxProblems(readFileSync(MONITORING_FILES.nginx, 'utf8')),
  ];
}
