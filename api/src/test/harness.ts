import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eq, sql, type Logger, type SQL } from 'drizzle-orm';
import { buildApp, type App } from '../app';
import type { SandboxGateway } from '../payments/sandbox';
import { loadConfig, type Config } from '../config';
import { createDatabase, type DatabaseHandle } from '../db/index';
import { products } from '../db/schema/index';
import { loadDemoAccounts, seedIfEmpty } from '../seed/seed';
import { emulatorHost, testDataDir } from './env';

export interface TestContext {
  app: App;
  config: Config;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** On PostgreSQL the files share one database: each file starts from an empty public schema. */
export async function resetPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}

/**
 * Builds the real app in-process on a fresh database, migrated and seeded: a copy of the global
 * set-up's PGlite template, or the PostgreSQL of TEST_DATABASE_URL reset to empty.
 */
export async function startTestApp(
  overrides: Record<string, string> = {},
  options: {
    /** Sees every query the app sends (a test that counts a route's queries). */
    logger?: Logger;
    /** Receives the app's log lines (with LOG_LEVEL in `overrides`; silent otherwise). */
    logDestination?: { write(line: string): void };
  } = {},
): Promise<TestContext> {
  const dataDir = testDataDir();
  mkdirSync(dataDir, { recursive: true });
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) await resetPostgres(pgUrl);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: pgUrl ?? '',
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    PUBLIC_API_URL: TEST_PUBLIC_API_URL,
    WEB_ORIGIN: 'http://localhost:3999',
    LOG_LEVEL: 'silent',
    // GET /events ends this soon, so suites that call every route (app.inject waits for the end)
    // get its answer; a test of live delivery asks for a longer stream.
    LIVE_STREAM_MAX_SECONDS: '0.05',
    // The money sweeps run when a test says so (runMoneySweeps), not on a timer in the middle of
    // a test that counts rows.
    MONEY_SWEEP_SECONDS: '3600',
    ...overrides,
  });
  if (!pgUrl) config.databaseUrl = 'memory://';
  const templateFile = pgUrl ? null : inject('pgliteTemplate');
  const template = templateFile ? new Blob([readFileSync(templateFile)]) : undefined;
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    template,
    logger: options.logger,
  });
  await database.migrate();
  const app = await buildApp({
    db: database.db,
    config,
    databaseKind: database.kind,
    logger: options.logDestination !== undefined,
    logDestination: options.logDestination,
    notifications: database.notifications,
  });
  await seedIfEmpty({ db: database.db, auth: app.deps.auth });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The usual start of a test file: the app on a fresh database and one registered seller, set up
 * before the file's tests and closed after them. Read the fields inside tests, not at import.
 */
export function appWithSeller(sellerName: string) {
  const env = {} as { ctx: TestContext; seller: Actor };
  beforeAll(async () => {
    env.ctx = await startTestApp();
    env.seller = await registerActor(env.ctx.app, 'seller', sellerName);
  });
  afterAll(async () => env.ctx?.close());
  return env;
}

/**
 * A second API instance on the same database, as a second replica would run: on PostgreSQL with
 * its own pool and LISTEN connection, on PGlite (one process) sharing the handle.
 */
export async function startPeerApp(ctx: TestContext, overrides: Partial<Config> = {}): Promise<TestContext> {
  const database =
    ctx.database.kind === 'postgres' ? await createDatabase({ databaseUrl: ctx.config.databaseUrl }) : null;
  const handle = database ?? ctx.database;
  const config = { ...ctx.config, ...overrides };
  const app = await buildApp({
    db: handle.db,
    config,
    databaseKind: handle.kind,
    logger: false,
    notifications: handle.notifications,
  });
  await app.ready();
  return {
    app,
    config,
    database: handle,
    async close() {
      await app.close();
      await database?.close();
    },
  };
}

const identityToolkit = (method: string) =>
  `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=any`;

async function emulatorCall(method: string, body: object) {
  const res = await fetch(identityToolkit(method), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const json = (await res.json()) as { idToken?: string; localId?: string; error?: { message: string } };
  if (!res.ok || !json.idToken) throw new Error(`${method} failed: ${JSON.stringify(json)}`);
  return { idToken: json.idToken, uid: json.localId as string };
}

/** Signs a brand-new user up on the emulator and returns a real ID token. */
/**
 * A new emulator account and a token from signing in to it. Not signUp's own token: the emulator
 * stamps a new account's sign-in time before its "tokens valid since" second, and when a second
 * boundary falls between the two, firebase-admin (which checks revocation for every emulator token)
 * takes that token for a revoked one and the API answers invalid_token. A sign-in comes later.
 */
export async function signUp(prefix = 'user') {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'correct-horse-9';
  const { uid } = await emulatorCall('signUp', { email, password });
  const { idToken } = await signIn(email, password);
  return { email, token: idToken, uid };
}

export async function signIn(email: string, password: string) {
  return emulatorCall('signInWithPassword', { email, password });
}

export interface Actor {
  email: string;
  token: string;
  id: string;
}

/** Signs up and creates the profile through the API itself (POST /users). */
export async function registerActor(
  app: App,
  role: 'buyer' | 'seller',
  name = `Test ${role}`,
): Promise<Actor> {
  const { email, token } = await signUp(role);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/users',
    headers: { authorization: `Bearer ${token}` },
    payload: { name, email, url: null, role },
  });
  if (res.statusCode !== 201) throw new Error(`register ${role}: ${res.statusCode} ${res.body}`);
  return { email, token, id: (res.json() as { _id: string })._id };
}

/** The seeded demo admin (verified e-mail, created by the seed in the emulator). */
export async function demoActor(app: App, role: 'admin' | 'seller' | 'buyer'): Promise<Actor> {
  const account = loadDemoAccounts().find((a) => a.role === role);
  if (!account) throw new Error(`no demo ${role}`);
  const { idToken } = await signIn(account.email, account.password);
  const me = await app.inject({
    method: 'GET',
    url: `/api/v1/users/${account.email}`,
    headers: { authorization: `Bearer ${idToken}` },
  });
  return { email: account.email, token: idToken, id: (me.json() as { _id: string })._id };
}

export const bearer = (actor: { token: string } | null | undefined) =>
  actor ? { authorization: `Bearer ${actor.token}` } : {};

/** The test apps' PUBLIC_API_URL (startTestApp). */
export const TEST_PUBLIC_API_URL = 'http://localhost:4999/api/v1';

/**
 * The URL of an image the test database stores (the seed renders these): listings and profiles
 * accept only our own images (docs/product.md#photos).
 */
export const ownImageUrl = (
  fileName = 'seed-lenovo-thinkpad-t14-gen-2.webp',
  publicApiUrl = TEST_PUBLIC_API_URL,
) => `${publicApiUrl}/images/${fileName}`;

export const validProduct = (overrides: Record<string, unknown> = {}) => ({
  productName: 'ThinkPad T480 (test)',
  price: 321.5,
  originalPrice: 1200,
  image: ownImageUrl(),
  quality: 'Good',
  phone: '+880 1711 000000',
  location: 'Dhaka',
  category: '03',
  description: 'i5-8350U, 16 GB RAM, 512 GB SSD',
  year: 2019,
  specs: {
    processor: 'Intel Core i5-8350U',
    ramGb: 16,
    storageGb: 512,
    storageType: 'SSD',
    screenInches: 14,
    resolution: '1920x1080',
    graphics: 'Intel UHD Graphics 620',
    os: 'Windows 11',
  },
  ...overrides,
});

/**
 * A public listing, as most tests need one: a new seller's first listings wait for review
 * (docs/product.md#moderation), so a held one is approved through the real admin route.
 */
export async function addProduct(app: App, seller: Actor, overrides: Record<string, unknown> = {}) {
  return approveIfHeld(app, await addProductAwaitingReview(app, seller, overrides));
}

/** Approves a listing held for review through the real admin route; returns its id. */
export async function approveIfHeld(app: App, id: string) {
  const state = await reviewStateOf(app, id);
  if (state === 'pending') {
    const admin = await harnessAdmin(app);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/moderation/${id}/approve`,
      headers: bearer(admin),
    });
    if (res.statusCode !== 200) throw new Error(`approve product: ${res.statusCode} ${res.body}`);
  }
  return id;
}

async function reviewStateOf(app: App, id: string): Promise<string | undefined> {
  const [row] = await app.deps.db
    .select({ state: products.reviewState })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  return row?.state;
}

/** The demo admin, signed in once per app: the operator who approves the harness's listings. */
const harnessAdmins = new WeakMap<App, Promise<Actor>>();
function harnessAdmin(app: App): Promise<Actor> {
  let admin = harnessAdmins.get(app);
  if (!admin) {
    admin = demoActor(app, 'admin');
    harnessAdmins.set(app, admin);
  }
  return admin;
}

/** A listing as the API leaves it after creation: held for review when the seller is new. */
export async function addProductAwaitingReview(
  app: App,
  seller: Actor,
  overrides: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/add-products',
    headers: bearer(seller),
    // The app's own address: a test may start it with another PUBLIC_API_URL.
    payload: validProduct({ image: ownImageUrl(undefined, app.deps.config.publicApiUrl), ...overrides }),
  });
  if (res.statusCode !== 201) throw new Error(`add product: ${res.statusCode} ${res.body}`);
  return (res.json() as { insertedId: string }).insertedId;
}

/** A multipart/form-data body for app.inject (what a browser FormData post looks like). */
export function multipart(
  fields: Record<string, string>,
  file?: { field: string; filename: string; contentType: string; data: Buffer },
) {
  const boundary = `----sbtest${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Starts a payment as the buyer: the gateway URL /payment/init answered, its transaction id, and
 * `pagePath`, that URL as app.inject takes it (the sandbox page opens only through its signed link).
 */
export async function startPayment(app: App, buyer: Actor, productId: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/payment/init',
    headers: bearer(buyer),
    payload: { _id: productId, price: 1, email: 'attacker@example.test' },
  });
  if (res.statusCode !== 200) throw new Error(`payment init: ${res.statusCode} ${res.body}`);
  const url = res.json() as string;
  const link = new URL(url);
  return {
    url,
    transactionId: Number(link.pathname.split('/').pop()),
    pagePath: `${link.pathname}${link.search}`,
  };
}

/** A started payment's sandbox page (GET), through the link /payment/init gave the buyer. */
export const openSandboxPage = (app: App, started: { pagePath: string }) =>
  app.inject({ method: 'GET', url: started.pagePath });

/** Submits the sandbox gateway's own page for a started payment, as a buyer's browser does. */
export async function submitSandboxPage(
  app: App,
  started: { transactionId: number; pagePath: string },
  outcome = 'paid',
  pageToken?: string,
) {
  const page = await openSandboxPage(app, started);
  const token = pageToken ?? /name="pageToken" value="([0-9a-f]+)"/.exec(page.body)?.[1];
  return app.inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/${started.transactionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ outcome, pageToken: token ?? '' }).toString(),
  });
}

/** A finished deal: `buyer` pays for the listing online through the sandbox gateway. */
export async function payOnline(app: App, buyer: Actor, productId: string): Promise<number> {
  const started = await startPayment(app, buyer, productId);
  const res = await submitSandboxPage(app, started);
  if (res.statusCode !== 303) throw new Error(`sandbox pay: ${res.statusCode} ${res.body}`);
  return started.transactionId;
}

/**
 * The buyer pays for the listing with the gateway's signed confirmation delivered straight to
 * POST /payment/callback, as the gateway's server would: no hosted page, so suites that pay many
 * times stay clear of its rate limit. Answers the transaction id.
 */
export async function payByCallback(app: App, buyer: Actor, productId: string): Promise<number> {
  const { transactionId } = await startPayment(app, buyer, productId);
  const [payment] = await queryAppRows<{ amount_cents: number }>(
    app,
    sql`select amount_cents from payments where transaction_id = ${transactionId}`,
  );
  const gateway = app.deps.gateway as SandboxGateway;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/payment/callback',
    payload: gateway.signCallback(transactionId, 'paid', Number(payment!.amount_cents)),
  });
  if (res.statusCode !== 200) throw new Error(`callback: ${res.statusCode} ${res.body}`);
  return transactionId;
}

async function queryAppRows<T>(app: App, query: SQL): Promise<T[]> {
  return ((await app.deps.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Raw SQL for assertions; both drivers answer `{ rows }`. */
export async function queryRows<T = Record<string, unknown>>(ctx: TestContext, query: SQL): Promise<T[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
