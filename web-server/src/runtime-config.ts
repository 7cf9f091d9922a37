// What the host serves beside index.html at run time: which remote builds to load and where the
// API and auth live. Nothing here is compiled into a bundle, so remotes deploy and roll back alone.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolvePorts, type Ports } from './ports.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const REMOTE_NAMES: readonly string[] = ['catalog', 'dashboard', 'checkout'];

type Env = NodeJS.ProcessEnv;

/** Where `pnpm release` keeps versions and live.json; tests point it at a folder of their own. */
export function releasesDir(env: Env = process.env): string {
  return path.resolve(env.RELEASES_DIR ?? path.join(repoRoot, 'releases'));
}

/**
 * releases/live.json (written by `pnpm promote`/`rollback`) wins over the development servers,
 * remote by remote: a remote that was never promoted keeps being served from its own build.
 */
export function remotesManifest(env: Env = process.env): Record<string, string> {
  const ports = resolvePorts();
  const publicHost = env.PUBLIC_HOSTNAME ?? 'localhost';
  const defaults: Record<string, string> = Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      name,
      env[`REMOTE_${name.toUpperCase()}_URL`] ??
        `http://${publicHost}:${ports[name as keyof Ports]}/mf-manifest.json`,
    ]),
  );
  const livePath = env.REMOTES_FILE ?? path.join(releasesDir(env), 'live.json');
  if (!existsSync(livePath)) return defaults;
  const live = JSON.parse(readFileSync(livePath, 'utf8')) as { remotes?: Record<string, string> };
  return { ...defaults, ...live.remotes };
}

export interface AppConfig {
  apiUrl: string;
  currency: string;
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl?: string;
  emailjs: { publicKey: string; serviceId: string; templateId: string; origin: string };
  /** The API takes payments through the sandbox gateway: every page says no real money moves. */
  testPayments: boolean;
}

export function appConfig(env: Env = process.env): AppConfig {
  const ports = resolvePorts();
  const apiUrl = env.PUBLIC_API_URL ?? `http://localhost:${ports.api}/api/v1`;
  const useEmulator = env.FIREBASE_API_KEY === undefined;
  // The same variable and default as the API's (shared-contracts/src/locale.ts DEFAULT_CURRENCY),
  // so the price a page shows is the price the gateway charges.
  const currency = env.CURRENCY || 'BDT';
  if (!/^[A-Z]{3}$/.test(currency))
    throw new Error(`CURRENCY must be a three-letter ISO 4217 code such as BDT, not "${currency}"`);
  // The API's own variable and default too (api/src/config.ts), so the site says "test payments"
  // exactly when the API takes them: npm start, the e2e stack and docker-compose give both the same.
  const gateway = env.PAYMENT_GATEWAY || 'sandbox';
  if (gateway !== 'sandbox' && gateway !== 'sslcommerz')
    throw new Error(`PAYMENT_GATEWAY must be sandbox or sslcommerz, not "${gateway}"`);
  return {
    apiUrl,
    currency,
    firebase: {
      apiKey: env.FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? 'demo-secondbyte.firebaseapp.com',
      projectId: env.FIREBASE_PROJECT_ID ?? 'demo-secondbyte',
    },
    ...(useEmulator ? { authEmulatorUrl: `http://127.0.0.1:${ports.authEmulator}` } : {}),
    emailjs: {
      publicKey: env.EMAILJS_PUBLIC_KEY ?? 'demo-public-key',
      serviceId: env.EMAILJS_SERVICE_ID ?? 'service_secondbyte',
      templateId: env.EMAILJS_TEMPLATE_ID ?? 'template_contact',
      // Without a real EmailJS account the SDK posts to the API's EmailJS-compatible outbox.
      // Empty counts as unset: docker-compose passes `${EMAILJS_ORIGIN:-}` through as ''.
      origin: env.EMAILJS_ORIGIN || `${apiUrl}/emailjs`,
    },
    testPayments: gateway === 'sandbox',
  };
}
