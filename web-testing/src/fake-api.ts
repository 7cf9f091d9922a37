// Test-only package: one fake SecondByte API for every web package's component tests. Mock
// Service Worker intercepts the real `fetch` in Node, so the code under test (the shared API
// client, TanStack Query, the components) runs as in the browser; only the network is replaced.
// Every web package's Vitest setup starts it (`web-testing/setup`); nothing here may be imported
// by application code (lint forbids it, docs/architecture.md#testing).
import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

// For `server.use(...)` overrides outside the API (the host's own files, remote manifests).
export { http, HttpResponse };
import type { Category } from 'shared-contracts/categories';
import type { UnreadCount } from 'shared-contracts/conversations';
import type { Dispute, Order } from 'shared-contracts/money';
import type { Balance, MoneyTotals, Payout, PayoutMethod, StatementLine } from 'shared-contracts/money';
import type { NotificationFeed } from 'shared-contracts/notifications';
import type { Product } from 'shared-contracts/products';
import type { SavedIds } from 'shared-contracts/saved';

/** The API address every test configures (web-kit/testing/render, the dashboard's render). */
export const TEST_API = 'http://api.test/api/v1';

/**
 * What the API answers on the routes the web packages read, in the contract's own types: a route
 * answered through `answer()` with a plain body must match, so a contract change breaks the fake
 * (and the test that feeds it a stale shape) at typecheck. Paths use MSW's `:param` syntax.
 */
export interface ApiContract {
  'GET /category': Category[];
  'GET /details/:id': Product;
  'GET /saved/ids': SavedIds;
  'GET /notifications': NotificationFeed;
  'GET /conversations/unread-count': UnreadCount;
  // Paid orders and their disputes (docs/product.md#money).
  'GET /orders': Order[];
  'GET /orders/:transactionId': Order;
  'POST /orders/:transactionId/hand-over': Order;
  'POST /orders/:transactionId/confirm': Order;
  'POST /orders/:transactionId/cancel': Order;
  'POST /orders/:transactionId/dispute': Dispute;
  'GET /disputes/:id': Dispute;
  // The seller's balance and payouts, and the operators' money pages (docs/product.md#money).
  'GET /balance': Balance;
  'GET /balance/statement': StatementLine[];
  'GET /payout-method': PayoutMethod;
  'PUT /payout-method': PayoutMethod;
  'GET /payouts': Payout[];
  'POST /payouts': Payout;
  'GET /admin/payouts': Payout[];
  'POST /admin/payouts/:id/paid': Payout;
  'POST /admin/payouts/:id/failed': Payout;
  'GET /disputes': Dispute[];
  'POST /disputes/:id/resolve': Dispute;
  'GET /admin/money': MoneyTotals;
}

/** Answers every test starts from; a test replaces any of them with `answer()` or `server.use()`. */
export const defaultHandlers: HttpHandler[] = [
  // The page's live stream (runtime-kernel/src/live-events.ts) stays down unless a test opens it:
  // the pages fall back to their polling, as when the stream is unavailable in production.
  http.get(`${TEST_API}/events`, () => new HttpResponse(null, { status: 503 })),
  // A signed-in buyer's hearts on every listing card and page: nothing saved yet.
  http.get<never, never, SavedIds>(`${TEST_API}/saved/ids`, () => HttpResponse.json({ ids: [] })),
  // My Orders and My Buyers read the signed-in user's paid orders above their bookings: none yet.
  http.get<never, never, Order[]>(`${TEST_API}/orders`, () => HttpResponse.json([])),
];

export const server = setupServer(...defaultHandlers);

/** One request the code under test sent, as the API received it. */
export interface ApiRequest {
  method: string;
  /** The full address, query included. */
  url: string;
  /** The path below the API's `/api/v1`, without the query (e.g. `/products/p1`). */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body parsed (the text where it is not JSON), undefined when there is none. */
  body: unknown;
}

/** Every request of the running test, in order (cleared after each test by `web-testing/setup`). */
export const apiRequests: ApiRequest[] = [];
/** Requests no handler answered: each fails the test that sent it (see setup.ts). */
export const unhandledRequests: string[] = [];

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const entry: ApiRequest = {
    method: request.method,
    url: request.url,
    path: url.href.startsWith(TEST_API)
      ? url.pathname.slice(new URL(TEST_API).pathname.length)
      : url.pathname,
    query: url.searchParams,
    headers: request.headers,
    body: undefined,
  };
  apiRequests.push(entry);
  // The body is read from a copy, before the handler answers: by the time the code under test
  // has its response, the recorded body is there.
  void request
    .clone()
    .text()
    .then((text) => {
      if (!text) return;
      try {
        entry.body = JSON.parse(text);
      } catch {
        entry.body = text;
      }
    });
});
server.events.on('request:unhandled', ({ request }) => {
  unhandledRequests.push(`${request.method} ${request.url}`);
});

/** How many requests of this test went to `METHOD /path` (path below /api/v1, no query). */
export const countRequests = (method: string, path: string) =>
  apiRequests.filter((r) => r.method === method && r.path === path).length;

/** An answer other than 200 with a JSON body: an error, a 201, a list page's headers. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}
export const reply = (status: number, body?: unknown, headers?: Record<string, string>) =>
  new Reply(status, body, headers);

/** One page of a list route: the rows as the body, the total in X-Total-Count (the list contract). */
export const page = <T>(rows: T[], total: number) => new Reply(200, rows, { 'X-Total-Count': String(total) });

/** The request never reaches the API (the browser's `TypeError: Failed to fetch`). */
export const NETWORK_ERROR = Symbol('network error');

/** A streamed answer: server-sent events, as GET /events sends them (runtime-kernel/src/live-events.ts). */
export class EventStream {
  constructor(
    readonly chunks: string[],
    readonly keepOpen: boolean,
  ) {}
}
/**
 * A `text/event-stream` answer sending `chunks` (raw stream text, e.g. 'event: reset\ndata: {}\n\n',
 * one chunk each; a block may be split across chunks) and then ending, as a dropped connection
 * does; with `keepOpen` it stays open until the client hangs up.
 */
export const eventStream = (chunks: string[], { keepOpen = false }: { keepOpen?: boolean } = {}) =>
  new EventStream(chunks, keepOpen);

const encoder = new TextEncoder();

/** Answers one after the other, one per request; a request after the last one is unhandled. */
export class Sequence {
  constructor(readonly answers: unknown[]) {}
}
export const inTurn = (...answers: unknown[]) => new Sequence(answers);

export interface RouteRequest {
  method: string;
  url: URL;
  params: Record<string, string | readonly string[] | undefined>;
  body: unknown;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A contract path with its `:params` as any text, so `GET /details/p1` matches `GET /details/:id`. */
type Concrete<P extends string> = P extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${Concrete<Tail>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;
export type Answer<T = unknown> =
  | T
  | Reply
  | EventStream
  | Sequence
  | typeof NETWORK_ERROR
  | ((request: RouteRequest) => Single<T> | Promise<Single<T>>);
type Single<T> = T | Reply | EventStream | typeof NETWORK_ERROR;

/** Any route may be answered; one the contract knows only with the contract's shape. */
export type Routes = { [P in keyof ApiContract as Concrete<P>]?: Answer<ApiContract[P]> } & {
  [route: `${Method} /${string}`]: Answer<JsonBodyType>;
};

function respond(answer: unknown): Response {
  if (answer === NETWORK_ERROR) return HttpResponse.error();
  if (answer instanceof EventStream) {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of answer.chunks) controller.enqueue(encoder.encode(chunk));
        if (!answer.keepOpen) controller.close();
      },
    });
    return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
  }
  if (answer instanceof Reply) {
    return answer.body === undefined
      ? new HttpResponse(null, { status: answer.status, headers: answer.headers })
      : HttpResponse.json(answer.body as JsonBodyType, { status: answer.status, headers: answer.headers });
  }
  // A plain list carries its length as X-Total-Count, as the API's lists do.
  return HttpResponse.json(answer as JsonBodyType, {
    headers: Array.isArray(answer) ? { 'X-Total-Count': String(answer.length) } : {},
  });
}

/**
 * Answers the given routes for the rest of this test, ahead of the defaults: keys are
 * `METHOD /path` below the API (MSW path syntax: `:id` and `*` match a segment and the rest; the
 * query is not part of the match). A value is the JSON body (200), `reply(status, body)`,
 * `page(rows, total)`, `eventStream(chunks)`, `NETWORK_ERROR`, `inTurn(...)` or a function of the
 * request.
 */
export function answer(routes: Routes): RequestLog {
  const handlers = Object.entries(routes as Record<string, Answer<JsonBodyType>>).map(([key, value]) => {
    const [method, path] = key.split(' ') as [Method, string];
    const queue = value instanceof Sequence ? [...value.answers] : undefined;
    return http[method.toLowerCase() as Lowercase<Method>](
      `${TEST_API}${path}`,
      async ({ request, params }) => {
        let next: unknown = value;
        if (queue) {
          // An exhausted sequence answers nothing: MSW then treats the request as unhandled.
          if (queue.length === 0) return undefined;
          next = queue.shift();
        }
        if (typeof next === 'function') {
          const text = await request.clone().text();
          let body: unknown = text || undefined;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON: the text as it is
          }
          next = await (next as (r: RouteRequest) => unknown)({
            method: request.method,
            url: new URL(request.url),
            params,
            body,
          });
        }
        return respond(next);
      },
    );
  });
  server.use(...handlers);
  return requestLog;
}

/** The running test's requests, as `answer()` hands them back for assertions. */
export interface RequestLog {
  calls: ApiRequest[];
  count: (method: string, path: string) => number;
}
export const requestLog: RequestLog = { calls: apiRequests, count: countRequests };
