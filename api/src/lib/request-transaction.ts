import { AsyncLocalStorage } from 'node:async_hooks';
import { OUTSIDE_REQUEST_TRANSACTION, type Database, type Executor } from '../db/index';

/**
 * The transaction a keyed write runs in (plugins/idempotency.ts). Routes and services keep calling
 * `app.deps.db`; while a keyed request runs, that name reaches this transaction, so the write and
 * its stored answer commit together (docs/decisions/0052-idempotent-writes.md).
 */
const current = new AsyncLocalStorage<Executor>();

/** Runs `fn` with every use of the request-scoped database going to `tx`. */
export const runInRequestTransaction = <T>(tx: Executor, fn: () => T): T => current.run(tx, fn);

/**
 * The database as routes see it: the request's transaction while one is open, else `db` itself.
 * A service's own `db.transaction(…)` then becomes a savepoint of it. On PGlite (one connection)
 * this is what keeps a keyed write from waiting for its own transaction to end.
 */
export function requestScopedDatabase(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      if (property === OUTSIDE_REQUEST_TRANSACTION) return current.getStore() ? undefined : target;
      const executor = (current.getStore() ?? target) as Database;
      const value: unknown = Reflect.get(executor, property, executor);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(executor) : value;
    },
  });
}
