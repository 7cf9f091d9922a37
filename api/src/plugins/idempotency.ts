import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  IDEMPOTENT_WRITE_METHODS,
} from 'shared-contracts/idempotency';
import type { Database, Executor } from '../db/index';
import { idempotencyKeys } from '../db/schema/index';
import { HttpError, badRequest } from '../lib/errors';
import { rowsOf } from '../lib/list-query';
import { runInRequestTransaction } from '../lib/request-transaction';

const TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000;
/** Headers of a first answer that a replay repeats; the rest (dates, security headers) are made afresh. */
const REPLAYED_HEADERS = ['content-type', 'location'];
/** How often each process deletes expired keys. */
export const IDEMPOTENCY_SWEEP_MS = 3_600_000;

export interface IdempotencyOptions {
  /** The raw database (not the request-scoped one): the key's transaction is opened on it. */
  db: Database;
  /** How long a request waits for another replica running the same key before answering 409. */
  waitMs: number;
}

const invalidKey = () =>
  badRequest(
    `${IDEMPOTENCY_KEY_HEADER} must be 8 to 128 visible ASCII characters (letters, digits, punctuation; no spaces), sent once`,
    'invalid_idempotency_key',
  );

/** A request whose key another process is still running: the client may send it again. */
const stillRunning = () =>
  new HttpError(
    409,
    'idempotency_key_in_progress',
    `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed; send it again in a moment`,
  );

const keyReused = () =>
  new HttpError(
    422,
    'idempotency_key_reused',
    `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request; use a new key for a new request`,
  );

/** Whose key it is: a user's, a signed-in caller's before their profile exists, or anyone's. */
function caller(request: FastifyRequest): string {
  if (request.user) return `user:${request.user.id}`;
  if (request.identity) return `uid:${request.identity.uid}`;
  return 'anonymous';
}

/**
 * What the key promises: the same method, path and body. A body no parser read (an image upload)
 * counts by its media type only: a browser resending the same FormData picks a new boundary.
 */
function requestHash(request: FastifyRequest): string {
  const body =
    request.body === undefined ? (request.headers['content-type'] ?? '').split(';')[0]!.trim() : request.body;
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.url, body]))
    .digest('base64url');
}

const pgErrorCode = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

/** The serializer a route set with `reply.serializer(…)`, which Fastify applies even to a string. */
function ownSerializer(reply: FastifyReply): ((payload: unknown) => string) | null {
  const symbol = Object.getOwnPropertySymbols(reply).find(
    (s) => s.description === 'fastify.reply.serializer',
  );
  return symbol
    ? ((reply as unknown as Record<symbol, ((payload: unknown) => string) | null>)[symbol] ?? null)
    : null;
}

/** The bytes Fastify would send for the payload, as `reply.send` turns it into them. */
function bodyOf(reply: FastifyReply, payload: unknown): string {
  if (payload === undefined || payload === null) return '';
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  if (typeof payload === 'string') return ownSerializer(reply)?.(payload) ?? payload;
  return String(reply.serialize(payload));
}

interface StoredAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** Rolls the key's transaction back when the route threw (`error`) or answered 5xx (`payload`). */
class RouteFailed extends Error {
  constructor(readonly outcome: { error: unknown } | { payload: unknown }) {
    super('route failed');
  }
}

/**
 * `Idempotency-Key` on every write (docs/decisions/0052-idempotent-writes.md). A keyed request
 * runs in one transaction that first claims the key (insert of its primary key), then runs the
 * route with `app.deps.db` pointing at that transaction, and stores the answer before it commits:
 * the write and its answer commit together or not at all. A second request with the key, on any
 * replica, waits on the claim's row lock until the first commits (and then replays its answer) or
 * rolls back (and then runs itself). A process killed mid-request leaves nothing behind but a
 * rolled-back transaction.
 */
export const idempotency = fp<IdempotencyOptions>(async (app, opts) => {
  const { db } = opts;
  const keyOf = (request: FastifyRequest): string | undefined => {
    const raw = request.headers['idempotency-key'];
    if (raw === undefined) return undefined;
    if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(raw)) throw invalidKey();
    return raw;
  };

  // Refused before any route work, so a malformed key changes nothing.
  app.addHook('onRequest', async (request) => {
    if (IDEMPOTENT_WRITE_METHODS.has(request.method)) keyOf(request);
  });

  const replay = (reply: FastifyReply, answer: StoredAnswer) => {
    reply.code(answer.statusCode).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
    return reply.send(answer.body === '' ? undefined : answer.body);
  };

  const claim = async (tx: Executor, scope: string, key: string, hash: string, now: Date) => {
    // An expired key is free again; the sweep deletes the others.
    await tx
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.scope, scope),
          eq(idempotencyKeys.key, key),
          lt(idempotencyKeys.expiresAt, now),
        ),
      );
    // The insert waits while another transaction holds the same key, bounded so that a long first
    // request gets the client a 409 it can retry rather than a hung connection.
    const [setting] = rowsOf<{ previous: string }>(
      await tx.execute(
        sql`select current_setting('lock_timeout') as previous, set_config('lock_timeout', ${`${opts.waitMs}ms`}, true)`,
      ),
    );
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({
        scope,
        key,
        requestHash: hash,
        statusCode: 0,
        headers: {},
        body: '',
        expiresAt: new Date(now.getTime() + TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    await tx.execute(sql`select set_config('lock_timeout', ${setting?.previous ?? '0'}, true)`);
    if (claimed.length > 0) return null;
    const [stored] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!stored) throw stillRunning();
    if (stored.requestHash !== hash) throw keyReused();
    return stored;
  };

  const runKeyed = async (
    instance: FastifyInstance,
    handler: RouteHandlerMethod,
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
  ): Promise<unknown> => {
    const scope = `${caller(request)} ${request.method} ${request.url}`;
    const hash = requestHash(request);
    let answer: StoredAnswer;
    try {
      answer = await db.transaction(async (tx) => {
        const stored = await claim(tx, scope, key, hash, app.deps.now());
        if (stored) return { ...stored, replayed: true };
        // The route's answer is held back until the transaction commits: a client must never hear
        // of a write that a crash could still roll back (docs/decisions/0026).
        // A reply is a thenable that settles once sent: while held it must not be one, or a handler
        // returning `reply.send(…)` would wait for itself.
        let sent: { payload: unknown } | undefined;
        const held = Object.assign(reply, {
          send(payload?: unknown) {
            sent = { payload };
            return reply;
          },
          then: undefined,
        });
        let returned: unknown;
        try {
          returned = await runInRequestTransaction(tx, () => handler.call(instance, request, held));
        } catch (err) {
          throw new RouteFailed({ error: err });
        } finally {
          delete (reply as { send?: unknown }).send;
          delete (reply as { then?: unknown }).then;
        }
        const payload = sent ? sent.payload : returned === reply ? undefined : returned;
        if (reply.statusCode >= 500) throw new RouteFailed({ payload });
        const body = bodyOf(reply, payload);
        if (
          typeof payload === 'object' &&
          payload !== null &&
          !Buffer.isBuffer(payload) &&
          !reply.hasHeader('content-type')
        )
          reply.type('application/json; charset=utf-8');
        const headers: Record<string, string> = {};
        for (const name of REPLAYED_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        await tx
          .update(idempotencyKeys)
          .set({ statusCode: reply.statusCode, headers, body })
          .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
        return { statusCode: reply.statusCode, headers, body, replayed: false };
      });
    } catch (err) {
      if (err instanceof RouteFailed) {
        if ('error' in err.outcome) throw err.outcome.error;
        return reply.send(err.outcome.payload);
      }
      if (pgErrorCode(err) === '55P03') throw stillRunning();
      throw err;
    }
    if ((answer as { replayed?: boolean }).replayed) return replay(reply, answer);
    // The body is serialized already, by the route's own serializer if it set one.
    if (ownSerializer(reply)) (reply as unknown as { serializer(fn: null): void }).serializer(null);
    return reply.send(answer.body === '' ? undefined : answer.body);
  };

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map(String);
    if (!methods.some((m) => IDEMPOTENT_WRITE_METHODS.has(m))) return;
    const handler = route.handler;
    route.handler = async function keyedOrNot(request, reply) {
      const key = IDEMPOTENT_WRITE_METHODS.has(request.method) ? keyOf(request) : undefined;
      if (key === undefined) return handler.call(this, request, reply);
      return runKeyed(this, handler, request, reply, key);
    };
  });

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      db.delete(idempotencyKeys)
        .where(lt(idempotencyKeys.expiresAt, app.deps.now()))
        .catch((err: unknown) => app.log.warn({ err }, 'idempotency key sweep failed'));
    }, IDEMPOTENCY_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
