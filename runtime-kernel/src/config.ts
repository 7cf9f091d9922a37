import { PAGE_TRACE_TIMING } from 'web-server/trace-context';
import { currentRequestScope } from './request-scope';

// Run-time configuration served by the host as /app-config.json, so one build runs against any
// API, Firebase project or e-mail account (nothing environment-specific is compiled in).
export interface AppConfig {
  apiUrl: string;
  firebase: { apiKey: string; authDomain: string; projectId: string };
  /** e.g. http://127.0.0.1:9099 — set in development and tests, absent in production. */
  authEmulatorUrl?: string;
  emailjs: { publicKey: string; serviceId: string; templateId: string; origin?: string };
  /** ISO 4217 code of every price (the API's CURRENCY); absent from older configs: BDT. */
  currency?: string;
  /** The API's gateway is the sandbox: the host says on every page that no real money moves. */
  testPayments?: boolean;
  /**
   * The trace (W3C traceparent) of the request that served this page or this file: every API call
   * made for the page continues it with a span of its own (docs/decisions/0053-trace-context.md).
   */
  traceparent?: string;
}

let current: AppConfig | null = null;

/** Set before the first render when the page's HTML carries the configuration (server rendering). */

export function configureApp(config: AppConfig): void {
  current = config;
}

export function getAppConfig(): AppConfig {
  const scoped = currentRequestScope()?.config;
  if (scoped) return scoped;
  if (!current) throw new Error('App configuration not loaded: call loadAppConfig() before rendering.');
  return current;
}

/** Fetches /app-config.json once; the host and each remote's standalone dev page call it. */
export async function loadAppConfig(url = '/app-config.json'): Promise<AppConfig> {
  if (current) return current;
  const res = await fetch(url, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`Could not load ${url} (${res.status})`);
  const config = (await res.json()) as AppConfig;
  // A page the browser renders continues its own request's trace, not that of this file's request.
  current = { ...config, traceparent: pageTraceparent() ?? config.traceparent };
  return current;
}

/** The traceparent the host named for this page in its Server-Timing (web-server/src/host.ts). */
function pageTraceparent(): string | undefined {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return (
    navigation?.serverTiming?.find((entry) => entry.name === PAGE_TRACE_TIMING)?.description || undefined
  );
}
