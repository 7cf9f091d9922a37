import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { acquireFolderLock, type FolderLock } from './folder-lock';

export type Schema = typeof schema;
/** The driver-neutral Drizzle database every service uses (PGlite or node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The database or a transaction of it: what a service that may run inside a caller's transaction takes. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Runs start-up work (migrations, seeding) while holding a cluster-wide lock, so replicas starting
   * together against one PostgreSQL do it one at a time. PGlite has a single process anyway.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  notifications: Notifications;
  /** On-disk PGlite only: this process's exclusive lock of the folder (db/folder-lock.ts). */
  folderLock?: FolderLock;
  /** PGlite only: a tarball of the whole database, loadable as `template` (test fixtures). */
  dump?: () => Promise<Blob>;
}

export interface Subscriber {
  onNotify(payload: string): void;
  /** The connection was lost or re-established: notifications may have been missed. */
  onReset(): void;
  onError(err: unknown): void;
}

/** PostgreSQL LISTEN/NOTIFY: how several API processes on one database tell each other things. */
export interface Notifications {
  notify(channel: string, payload: string): Promise<void>;
  listen(channel: string, subscriber: Subscriber): Promise<{ stop(): Promise<void> }>;
}

/** LISTEN needs a connection of its own, outside the pool; it reconnects until stopped. */
async function listenOnOwnConnection(url: string, channel: string, subscriber: Subscriber) {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 250;
  const drop = async (c: pg.Client | null) => {
    c?.removeAllListeners();
    c?.on('error', () => {});
    await c?.end().catch(() => {});
  };
  const reconnect = (err?: unknown) => {
    if (stopped || retry) return;
    if (err) subscriber.onError(err);
    void drop(client);
    client = null;
    subscriber.onReset();
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, 10_000);
  };
  async function connect() {
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('notification', (msg) => {
      if (msg.channel === channel) subscriber.onNotify(msg.payload ?? '');
    });
    c.on('error', reconnect);
    c.on('end', () => reconnect(new Error('LISTEN connection ended')));
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      delay = 250;
      subscriber.onReset();
    } catch (err) {
      reconnect(err);
    }
  }
  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await drop(client);
      client = null;
    },
  };
}

/** Told how long each statement took on a PostgreSQL pool, and whether it failed (the metrics plugin). */
export type QueryObserver = (seconds: number, failed: boolean) => void;
const queryObservers = new WeakMap<object, Set<QueryObserver>>();

/**
 * Times every statement this database sends to PostgreSQL, transactions included; returns the
 * unsubscribe. On PGlite nothing is timed (false): its transactions bypass the client's `query`.
 */
export function observeQueries(db: Database, observer: QueryObserver): (() => void) | false {
  const observers = queryObservers.get(db);
  if (!observers) return false;
  observers.add(observer);
  return () => observers.delete(observer);
}

type QueryArgs = unknown[];
/**
 * Wraps one pooled connection's `query`: node-postgres has no timing hook and Drizzle's logger sees
 * only the text, while every statement, a transaction's too, passes through a client's `query`.
 * The pool calls it with a callback, Drizzle awaits its promise; a streamed query (a Submittable,
 * none of ours) is passed through untimed.
 */
function timeQueries(client: pg.PoolClient, observers: ReadonlySet<QueryObserver>) {
  const query = client.query.bind(client) as (...args: QueryArgs) => unknown;
  const timed = (...args: QueryArgs): unknown => {
    if (observers.size === 0) return query(...args);
    const started = performance.now();
    const done = (failed: boolean) => {
      const seconds = (performance.now() - started) / 1000;
      for (const observe of observers) observe(seconds, failed);
    };
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, result: unknown) => {
        done(Boolean(err));
        (last as (err: unknown, result: unknown) => void)(err, result);
      };
      return query(...args);
    }
    if (typeof (args[0] as { submit?: unknown } | null)?.submit === 'function') return query(...args);
    const result = query(...args);
    if (result instanceof Promise)
      result.then(
        () => done(false),
        () => done(true),
      );
    return result;
  };
  (client as unknown as { query: typeof timed }).query = timed;
}

/** What of Drizzle's database or transaction executePrepared reaches: both drivers have it, typed internal. */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/**
 * Runs a statement under a name, so each PostgreSQL connection parses it once and keeps its plan
 * (node-postgres prepares a named statement on the first use per connection). For a statement a
 * background round runs many times a second whose planning costs more than a small run (the
 * saved-search match plans in about 9 ms), with `plan_cache_mode` forced generic in the
 * transaction. The text must not change between calls; only the parameters may. Drizzle's
 * `execute` has no name, so this goes through the prepared query it builds for the query builders'
 * `.prepare(name)`. PGlite runs it like `execute`. Answers as `execute` does.
 */
export function executePrepared(db: Executor, name: string, query: SQL): Promise<unknown> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}

/**
 * What the routes' database (lib/request-transaction.ts, a proxy) answers for this key: the
 * database itself, or undefined while a keyed write's transaction is open, whose reads must see its
 * writes. preparedRead finds the kept-plan pool through it: keyed by the proxy, the lookup
 * missed, and every "kept" read ran on the main pool, planned anew at each bind (3.5 ms of a
 * brand page's 4.2 ms of PostgreSQL time at a million listings).
 */
export const OUTSIDE_REQUEST_TRANSACTION = Symbol('the database, outside any request transaction');

/** The kept-plan pool's connections' application_name. */
export const KEPT_PLANS_APPLICATION = 'secondbyte kept plans';

/** Each PostgreSQL database's second pool, whose connections plan named statements once. */
const keptPlanDatabases = new WeakMap<object, Database>();
/** The databases createDatabase made: a prepared read is kept on these, never on a transaction. */
const rootDatabases = new WeakSet<object>();
/** How many shapes of one prepared read are kept (a brand page per brand, with or without a cursor). */
const MAX_KEPT_SHAPES = 1_000;

/** What Drizzle's query builders give a prepared read: a text and a statement run with placeholder values. */
interface PreparableRead<Result> {
  toSQL(): { sql: string };
  prepare(name?: string): { execute(values?: Record<string, unknown>): Promise<Result> };
}

/**
 * How a prepared read is planned on PostgreSQL:
 * - `kept`: a named statement on the kept-plan pool, whose connections plan it once, generically
 *   (`plan_cache_mode`), for any parameters. At a million listings a brand's page answered in
 *   13-17 ms planned anew and in 10-11 ms on its kept plan, one request at a time: PostgreSQL plans
 *   a five-table join over a table of 21 indexes in 2-3 ms, more than it runs it
 *   (docs/decisions/0064-catalogue-reads-keep-their-plans.md). Only for a query whose best plan
 *   does not depend on its parameters (a brand's page walked in index order, a key lookup).
 * - `each-run`: an unnamed statement on the main pool, planned for its parameters at every run
 *   (the newest of all brands took 61-73 ms on a generic plan against 13 ms planned anew).
 * PGlite runs both as any query.
 */
export type ReadPlanning = 'kept' | 'each-run';

function statementName(query: PreparableRead<unknown>): string {
  return `kept_${createHash('sha1').update(query.toSQL().sql).digest('base64url').slice(0, 24)}`;
}

/**
 * Where a read of this planning runs: the kept-plan pool or the database itself; undefined inside
 * a transaction. The routes' database is a proxy (lib/request-transaction.ts) that answers
 * OUTSIDE_REQUEST_TRANSACTION with the database while no keyed write's transaction is open.
 */
function homeOf(db: Executor, planning: ReadPlanning): Database | undefined {
  const outside = (db as { [OUTSIDE_REQUEST_TRANSACTION]?: Database })[OUTSIDE_REQUEST_TRANSACTION] ?? db;
  if (!rootDatabases.has(outside)) return undefined;
  return (planning === 'kept' ? keptPlanDatabases.get(outside) : undefined) ?? (outside as Database);
}

/**
 * A kept read whose text changes with the request (a search's page, whose ranking holds the typed
 * words): built at every run, and run as a named statement on the kept-plan pool, one plan per text.
 */
export function runWithKeptPlan<Result>(
  db: Database,
  build: (db: Database) => PreparableRead<Result>,
): Promise<Result> {
  const query = build(homeOf(db, 'kept') ?? db);
  return query.prepare(statementName(query)).execute();
}

/**
 * A catalogue read that runs on every request, built once. Drizzle builds a query's SQL from its
 * parts at every run, and a brand page's three reads spent 15% of the API's CPU there (a CPU
 * profile of cold brand pages at a million listings, docs/decisions/0067-catalogue-reads-built-once.md).
 * `build` writes the query with `sql.placeholder(…)` for what changes between requests; it is built
 * once per `shape` (what changes the text: a brand written into it, a cursor or none) and database,
 * and then only run with the `values` for its placeholders. Inside a keyed write's transaction (whose
 * reads must see its writes) it is built and run on that transaction, as any query.
 */
export function preparedRead<Shape extends string, Values extends Record<string, unknown>, Result>(
  planning: ReadPlanning,
  build: (db: Database, shape: Shape) => PreparableRead<Result>,
): (db: Executor, shape: Shape, values: Values) => Promise<Result> {
  const kept = new WeakMap<object, Map<Shape, ReturnType<PreparableRead<Result>['prepare']>>>();
  const prepare = (query: PreparableRead<Result>) =>
    planning === 'kept' ? query.prepare(statementName(query)) : query.prepare();
  return (db, shape, values) => {
    const home = homeOf(db, planning);
    if (!home) return prepare(build(db as Database, shape)).execute(values);
    let shapes = kept.get(home);
    if (!shapes) kept.set(home, (shapes = new Map()));
    let statement = shapes.get(shape);
    if (!statement) {
      statement = prepare(build(home, shape));
      if (shapes.size < MAX_KEPT_SHAPES) shapes.set(shape, statement);
    }
    return statement.execute(values);
  };
}

const STARTUP_LOCK_KEY = 7_262_001; // any constant shared by every replica

/**
 * How long an idle pooled PostgreSQL connection is kept before it closes: five minutes, not pg's
 * ten seconds. A fresh backend's first insert into products loads the table's 28 indexes and took
 * 24–34 ms, so a pool that closed and reopened connections every few seconds set the publish's p99
 * (docs/decisions/0063-long-lived-database-connections.md).
 */
const IDLE_CONNECTION_MS = 5 * 60_000;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * `postgres://…` → node-postgres pool; `memory://` → in-memory PGlite (tests);
 * anything else is a folder for an on-disk PGlite.
 */
export async function createDatabase(config: {
  databaseUrl: string;
  template?: Blob;
  /** Sees every query Drizzle sends (the EXPLAIN check records the catalogue's queries with it). */
  logger?: Logger;
}): Promise<DatabaseHandle> {
  const url = config.databaseUrl;
  if (/^postgres(ql)?:\/\//.test(url)) {
    // JIT off: it pays off for long analytic queries, and the API runs short ones. At a million
    // listings a catalogue query's cost estimate passes jit_above_cost and compiling took 5–10 ms
    // of a 30 ms query (docs/decisions/0050-search-at-a-million.md).
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      options: '-c jit=off',
    });
    // preparedRead's kept reads: generic plans for every statement on these connections (the setting
    // reaches unnamed statements too, so it cannot be the main pool's).
    const keptPlanPool = new pg.Pool({
      connectionString: url,
      max: 5,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      options: '-c jit=off -c plan_cache_mode=force_generic_plan',
      // Named, so pg_stat_activity tells its connections apart (db/kept-plans.postgres.test.ts).
      application_name: KEPT_PLANS_APPLICATION,
    });
    const observers = new Set<QueryObserver>();
    pool.on('connect', (client) => timeQueries(client, observers));
    keptPlanPool.on('connect', (client) => timeQueries(client, observers));
    const db = drizzlePg({ client: pool, schema, logger: config.logger });
    queryObservers.set(db, observers);
    rootDatabases.add(db);
    keptPlanDatabases.set(
      db,
      drizzlePg({ client: keptPlanPool, schema, logger: config.logger }) as unknown as Database,
    );
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => Promise.all([pool.end(), keptPlanPool.end()]).then(() => {}),
      notifications: {
        async notify(channel, payload) {
          await pool.query('select pg_notify($1, $2)', [channel, payload]);
        },
        listen: (channel, subscriber) => listenOnOwnConnection(url, channel, subscriber),
      },
      async withStartupLock(fn) {
        // Session-level advisory lock on its own connection; the work runs on the pool.
        const lockClient = await pool.connect();
        try {
          await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await fn();
        } finally {
          await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
          lockClient.release();
        }
      },
    };
  }
  let folderLock: FolderLock | undefined;
  if (url !== 'memory://') {
    mkdirSync(url, { recursive: true });
    // Refuses (FolderLockedError) while another live process owns the folder.
    folderLock = acquireFolderLock(url);
  }
  // pg_trgm: typo-tolerant search (docs/decisions/0017-search-in-postgres.md); PostgreSQL ships it.
  const extensions = { pg_trgm };
  let client: PGlite;
  try {
    client =
      url === 'memory://'
        ? new PGlite(config.template ? { loadDataDir: config.template, extensions } : { extensions })
        : new PGlite(url, { extensions });
    await client.waitReady;
  } catch (err) {
    folderLock?.release();
    throw err;
  }
  const db = drizzlePglite({ client, schema, logger: config.logger });
  rootDatabases.add(db);
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    async close() {
      try {
        await client.close();
      } finally {
        folderLock?.release();
      }
    },
    folderLock,
    withStartupLock: (fn) => fn(),
    // One process: these only reach the app instances sharing this PGlite (tests run two).
    notifications: {
      async notify(channel, payload) {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
      },
      async listen(channel, subscriber) {
        const unlisten = await client.listen(channel, (payload) => subscriber.onNotify(payload));
        return { stop: unlisten };
      },
    },
    dump: async () => (await client.dumpDataDir('none')) as Blob,
  };
}
