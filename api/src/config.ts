import { readFileSync } from 'node:fs';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_CURRENCY } from 'shared-contracts/locale';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where `npm start` runs the Auth Emulator (tools/cli/src/start.ts passes the real port). */
const DEVELOPMENT_AUTH_EMULATOR_HOST = '127.0.0.1:9099';

/** `scheme://host[:port]` of an http(s) address with no path, query or fragment; else undefined. */
function webOriginOf(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return undefined;
  return url.origin;
}

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // No default here: loadConfig listens on loopback outside production, on every interface in it.
  API_HOST: optionalString,
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString,
  // No default here: development's default emulator is applied in loadConfig, never in production.
  FIREBASE_AUTH_EMULATOR_HOST: optionalString,
  ALLOW_AUTH_EMULATOR_IN_PRODUCTION: optionalString,
  SEED_DEMO_ACCOUNTS: optionalString,
  FIREBASE_PROJECT_ID: z.string().default('demo-secondbyte'),
  PUBLIC_API_URL: optionalString,
  // The site's public origin: CORS, payment returns and every link in an e-mail start with it.
  WEB_ORIGIN: z
    .string()
    .default('http://localhost:3000')
    .refine((value) => webOriginOf(value) !== undefined, {
      message:
        'must be the site’s public origin, such as https://secondbyte.example (http or https, no path)',
    }),
  CORS_ORIGINS: optionalString,
  PAYMENT_SIGNING_SECRET: z.string().default('dev-payment-signing-secret-change-me'),
  API_TOKEN_SECRET: z.string().default('dev-api-token-secret-change-me'),
  // Lets a scraper that is not on this machine read /metrics (docs/operations.md#metrics).
  METRICS_TOKEN: optionalString.pipe(
    z
      .string()
      .optional()
      .refine(
        (v) => v === undefined || /^[\x21-\x7e]{32,}$/.test(v),
        'must be at least 32 visible characters without spaces, e.g. the output of `openssl rand -hex 32`',
      ),
  ),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'sslcommerz']).default('sandbox'),
  ALLOW_SANDBOX_PAYMENTS: optionalString,
  SANDBOX_PAGE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  EMAILJS_PUBLIC_KEY: z.string().default('demo-public-key'),
  EMAILJS_SERVICE_ID: z.string().default('service_secondbyte'),
  EMAILJS_TEMPLATE_ID: z.string().default('template_contact'),
  CONTACT_INBOX: z.string().default('support@secondbyte.test'),
  MAIL_FROM: z.string().default('SecondByte <no-reply@secondbyte.test>'),
  SMTP_URL: optionalString,
  PUBLIC_WRITE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  CATALOG_CACHE: z.enum(['on', 'off']).default('on'),
  CATALOG_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  CATALOG_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  IMAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(32),
  // The one currency prices are stored, shown and charged in (docs/product.md#languages-and-money).
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as BDT')
    .default(DEFAULT_CURRENCY),
  // The smallest payout a seller may request, in whole taka: each transfer costs the operators a
  // wallet or bank fee and an hour of work, so small balances wait until they are worth one.
  PAYOUT_MINIMUM_TAKA: z.coerce.number().int().min(1).max(10_000_000).default(500),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(60).default(0),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  // Idempotent writes (docs/decisions/0052-idempotent-writes.md): how long a request waits for
  // another process still running the same key before answering 409; and how overdue the oldest
  // due e-mail may be before /health/ready calls the outbox stuck.
  IDEMPOTENCY_WAIT_SECONDS: z.coerce.number().min(0.1).max(60).default(10),
  MAIL_STUCK_MINUTES: z.coerce.number().min(1).max(1440).default(10),
  // Live events (docs/decisions/0039-live-events-over-sse.md): a comment line this often keeps
  // proxies from closing an idle stream; a stream ends after its lifetime and the client reconnects.
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().min(1).max(300).default(20),
  LIVE_STREAM_MAX_SECONDS: z.coerce.number().min(0.01).max(86_400).default(900),
  // Money (docs/product.md#money): the site's cut of a released order, in hundredths of a percent
  // (250 = 2.5%); how often each API process runs the money sweeps (automatic release and refund,
  // refunds at the gateway, the reconciliation of pending payments); and a clock tests may move
  // (POST /test/clock), never in production.
  PLATFORM_FEE_BASIS_POINTS: z.coerce.number().int().min(0).max(5000).default(0),
  MONEY_SWEEP_SECONDS: z.coerce.number().min(0.05).max(3600).default(60),
  TEST_CLOCK: optionalString,
  // Image import (docs/decisions/0047-import-foreign-listing-images.md): addresses the tests' own
  // image server listens on, taken as public (never in production), and a CA it is signed with.
  IMAGE_IMPORT_ALLOW_ADDRESSES: optionalString.pipe(
    z
      .string()
      .optional()
      .refine(
        (v) => v === undefined || v.split(',').every((a) => ipaddr.isValid(a.trim())),
        'must be IP addresses separated by commas, e.g. 127.0.0.2',
      ),
  ),
  IMAGE_IMPORT_CA_FILE: optionalString,
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** 'memory://' for an in-memory PGlite, a folder for PGlite on disk, or a postgres:// URL. */
  databaseUrl: string;
  /** Set: ID tokens are verified against this Auth Emulator, which accepts unsigned tokens. */
  firebaseAuthEmulatorHost: string | undefined;
  /** Whether the demo accounts (published passwords, src/seed/demo-accounts.json) may exist. */
  seedDemoAccounts: boolean;
  firebaseProjectId: string;
  publicApiUrl: string;
  webOrigin: string;
  corsOrigins: string[];
  paymentSigningSecret: string;
  apiTokenSecret: string;
  /** Bearer token that opens /metrics to a caller that is not on this machine; unset: loopback only. */
  metricsToken: string | undefined;
  paymentGateway: 'sandbox' | 'sslcommerz';
  /**
   * The sandbox gateway is in use: no real money moves, and the site says so on every page. In
   * production only with ALLOW_SANDBOX_PAYMENTS=1 (docs/decisions/0028-secure-by-default.md).
   */
  testPayments: boolean;
  /** Requests per minute and client address to each of the sandbox payment page's routes. */
  sandboxPageLimitPerMinute: number;
  emailjs: { publicKey: string; serviceId: string; templateId: string };
  contactInbox: string;
  mailFrom: string;
  smtpUrl: string | undefined;
  logLevel: string;
  /** ISO 4217 code of every price: stored, sent to the gateway, shown by the web (app config). */
  currency: string;
  /** The smallest payout a seller may request (PAYOUT_MINIMUM_TAKA), in paisa like the ledger. */
  payoutMinimumPaisa: number;
  /** Public catalogue responses kept in memory (docs/decisions/0018-catalog-response-cache.md). */
  catalogCache: { enabled: boolean; ttlMs: number; maxBytes: number };
  /** Recently served images kept in memory by each process (docs/decisions/0024-images-in-the-database.md). */
  imageCacheBytes: number;
  /** Requests per minute and client address for each public write (newsletter, contact form). */
  publicWriteLimitPerMinute: number;
  /** Proxies in front of the API whose X-Forwarded-For is trusted (0: use the socket address). */
  trustProxyHops: number;
  /**
   * On SIGTERM: seconds answering as not ready (health 503) before the listener closes, then at
   * most `graceMs` for the requests in flight (docs/decisions/0026-shutdown-durability-proxy-retry.md).
   */
  shutdown: { delayMs: number; graceMs: number };
  /** How long a keyed write waits for another process running the same key (plugins/idempotency.ts). */
  idempotencyWaitMs: number;
  /** Due mail waiting longer than this makes /health/ready answer 503 (modules/health). */
  mailStuckMs: number;
  /** GET /events: heartbeat interval and the longest a stream stays open (then the client reconnects). */
  liveEvents: { heartbeatMs: number; maxStreamMs: number };
  /** The money's rules that an operator sets (docs/product.md#money). */
  money: { feeBasisPoints: number; sweepMs: number; testClock: boolean };
  /**
   * Importing a listing's image from another site (docs/decisions/0047-import-foreign-listing-images.md):
   * addresses taken as public although they are not (tests only; refused in production) and the
   * PEM of an extra certificate authority to trust.
   */
  imageImport: { allowAddresses: string[]; extraCa: string | undefined };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(repoRoot, '.data'));
  const production = e.NODE_ENV === 'production';
  // Outside production an unset host means the local emulator (npm start, the tests); in
  // production it means real Firebase (docs/decisions/0028-secure-by-default.md).
  const firebaseAuthEmulatorHost =
    env.FIREBASE_AUTH_EMULATOR_HOST === undefined
      ? production
        ? undefined
        : DEVELOPMENT_AUTH_EMULATOR_HOST
      : e.FIREBASE_AUTH_EMULATOR_HOST;
  const publicApiUrl = (e.PUBLIC_API_URL ?? `http://localhost:${e.API_PORT}/api/v1`).replace(/\/+$/, '');
  const config: Config = {
    env: e.NODE_ENV,
    // Outside production nothing but this machine needs the API (npm start, tests, bench), and
    // it trusts the Auth Emulator there: loopback unless API_HOST says otherwise.
    host: e.API_HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    port: e.API_PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? path.join(dataDir, 'pglite'),
    firebaseAuthEmulatorHost,
    // Unset: with the emulator outside production (its accounts are throw-away), never in production.
    seedDemoAccounts:
      e.SEED_DEMO_ACCOUNTS === undefined
        ? !production && firebaseAuthEmulatorHost !== undefined
        : e.SEED_DEMO_ACCOUNTS === '1',
    firebaseProjectId: e.FIREBASE_PROJECT_ID,
    publicApiUrl,
    webOrigin: webOriginOf(e.WEB_ORIGIN)!,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    paymentSigningSecret: e.PAYMENT_SIGNING_SECRET,
    apiTokenSecret: e.API_TOKEN_SECRET,
    metricsToken: e.METRICS_TOKEN,
    paymentGateway: e.PAYMENT_GATEWAY,
    testPayments: e.PAYMENT_GATEWAY === 'sandbox',
    sandboxPageLimitPerMinute: e.SANDBOX_PAGE_LIMIT_PER_MINUTE,
    emailjs: {
      publicKey: e.EMAILJS_PUBLIC_KEY,
      serviceId: e.EMAILJS_SERVICE_ID,
      templateId: e.EMAILJS_TEMPLATE_ID,
    },
    contactInbox: e.CONTACT_INBOX,
    mailFrom: e.MAIL_FROM,
    smtpUrl: e.SMTP_URL,
    logLevel: e.LOG_LEVEL,
    currency: e.CURRENCY,
    payoutMinimumPaisa: e.PAYOUT_MINIMUM_TAKA * 100,
    catalogCache: {
      enabled: e.CATALOG_CACHE === 'on',
      ttlMs: e.CATALOG_CACHE_TTL_SECONDS * 1000,
      maxBytes: e.CATALOG_CACHE_MAX_MB * 1024 * 1024,
    },
    imageCacheBytes: e.IMAGE_CACHE_MB * 1024 * 1024,
    publicWriteLimitPerMinute: e.PUBLIC_WRITE_LIMIT_PER_MINUTE,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    shutdown: { delayMs: e.SHUTDOWN_DELAY_SECONDS * 1000, graceMs: e.SHUTDOWN_GRACE_SECONDS * 1000 },
    idempotencyWaitMs: Math.round(e.IDEMPOTENCY_WAIT_SECONDS * 1000),
    mailStuckMs: Math.round(e.MAIL_STUCK_MINUTES * 60_000),
    liveEvents: {
      heartbeatMs: e.LIVE_HEARTBEAT_SECONDS * 1000,
      maxStreamMs: Math.round(e.LIVE_STREAM_MAX_SECONDS * 1000),
    },
    money: {
      feeBasisPoints: e.PLATFORM_FEE_BASIS_POINTS,
      sweepMs: Math.round(e.MONEY_SWEEP_SECONDS * 1000),
      testClock: e.TEST_CLOCK === '1',
    },
    imageImport: {
      allowAddresses: (e.IMAGE_IMPORT_ALLOW_ADDRESSES ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
      extraCa: e.IMAGE_IMPORT_CA_FILE ? readFileSync(e.IMAGE_IMPORT_CA_FILE, 'utf8') : undefined,
    },
    ...overrides,
  };
  if (config.env === 'production')
    refuseDevelopmentSetup(config, {
      allowAuthEmulator: e.ALLOW_AUTH_EMULATOR_IN_PRODUCTION === '1',
      allowSandboxPayments: e.ALLOW_SANDBOX_PAYMENTS === '1',
    });
  return config;
}

/** The API's first log line whenever it accepts the Auth Emulator's unsigned ID tokens. */
export const authEmulatorWarning = (host: string) =>
  `Trusting the Firebase Auth Emulator at ${host}: ID tokens are not verified (development only)`;

/** Anyone who can guess a signing secret can mark payments paid or mint access tokens. */
export const MIN_SECRET_LENGTH = 32;
/** Fewer distinct characters than this is a pattern (aaaa…, abab…, 1234…), not a random secret. */
const MIN_DISTINCT_SECRET_CHARACTERS = 10;
/**
 * Values published in this repository (the development defaults, deploy/compose.env.example and
 * the tests' old examples): a deployment that copied one is as open as one with no secret.
 */
const PUBLISHED_SECRETS = new Set([
  'dev-payment-signing-secret-change-me',
  'dev-api-token-secret-change-me',
  'change-me-to-a-long-random-string',
  'change-me-to-another-long-random-string',
  'a-long-random-payment-secret',
  'a-long-random-token-secret',
  'prod-payment-secret',
  'prod-token-secret',
]);

/** Why a production secret is not good enough, as the rest of a sentence; undefined when it is. */
export function secretWeakness(value: string): string | undefined {
  if (value.startsWith('dev-')) return 'is the development value';
  if (PUBLISHED_SECRETS.has(value) || /change[-_ ]?me/i.test(value))
    return 'is an example value published in this repository';
  if (value.length < MIN_SECRET_LENGTH) return `is only ${value.length} characters long`;
  const distinct = new Set(value).size;
  if (distinct < MIN_DISTINCT_SECRET_CHARACTERS)
    return `uses only ${distinct} different character${distinct === 1 ? '' : 's'}, a pattern rather than a random secret`;
  return undefined;
}

/**
 * Production starts only without what development relies on, unless each is asked for by name:
 * short, published or patterned secrets (never), an Auth Emulator
 * (ALLOW_AUTH_EMULATOR_IN_PRODUCTION=1), the sandbox gateway (ALLOW_SANDBOX_PAYMENTS=1), and the
 * demo accounts with their published passwords (SEED_DEMO_ACCOUNTS=1, checked against the
 * database at start-up: seed/demo-accounts-guard.ts). docs/decisions/0028-secure-by-default.md
 */
function refuseDevelopmentSetup(
  config: Config,
  { allowAuthEmulator, allowSandboxPayments }: { allowAuthEmulator: boolean; allowSandboxPayments: boolean },
) {
  const problems: string[] = [];
  if (config.imageImport.allowAddresses.length > 0)
    problems.push(
      'IMAGE_IMPORT_ALLOW_ADDRESSES lets listings make the API fetch from private addresses: unset it.',
    );
  if (config.money.testClock)
    problems.push(
      'TEST_CLOCK=1 lets anyone move the money clock (automatic refunds and releases): unset it.',
    );
  for (const [name, value] of [
    ['PAYMENT_SIGNING_SECRET', config.paymentSigningSecret],
    ['API_TOKEN_SECRET', config.apiTokenSecret],
    ...(config.metricsToken === undefined ? [] : [['METRICS_TOKEN', config.metricsToken] as const]),
  ] as const) {
    const weakness = secretWeakness(value);
    if (weakness)
      problems.push(
        `${name} ${weakness}: set ${name} to a long random secret (at least ${MIN_SECRET_LENGTH} characters, e.g. the output of \`openssl rand -hex 32\`).`,
      );
  }
  if (config.firebaseAuthEmulatorHost && !allowAuthEmulator) {
    problems.push(
      `FIREBASE_AUTH_EMULATOR_HOST is set (${config.firebaseAuthEmulatorHost}): the Auth Emulator accepts unsigned ID tokens, so anyone could sign in as anyone. Unset it (or set it empty) to verify real Firebase tokens, or set ALLOW_AUTH_EMULATOR_IN_PRODUCTION=1 for a local trial.`,
    );
  }
  if (config.paymentGateway === 'sandbox' && !allowSandboxPayments) {
    problems.push(
      'PAYMENT_GATEWAY is sandbox (the default): its payment page lets the buyer mark a payment paid and no money moves. Set PAYMENT_GATEWAY=sslcommerz (with SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD) to take real payments, or set ALLOW_SANDBOX_PAYMENTS=1 for a trial with test payments.',
    );
  }
  if (problems.length > 0) {
    throw new Error(`Refusing to start in production (NODE_ENV=production):\n- ${problems.join('\n- ')}`);
  }
}
