import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { LIVE_EVENTS_CHANNEL, LiveEventTypes, type LiveEventType } from 'shared-contracts/notifications';
import type { Notifications } from '../../db/index';
import { requireUser } from '../../auth/access';

export interface LiveEventsOptions {
  /** The database's LISTEN/NOTIFY; without it (a bare test app) streams only get heartbeats. */
  notifications?: Notifications;
  heartbeatMs: number;
  /** A stream ends after this long; the client reconnects with a fresh token and refetches. */
  maxStreamMs: number;
}

/**
 * GET /events: the signed-in user's live events as server-sent events
 * (docs/decisions/0039-live-events-over-sse.md). An event only says what changed (`message`,
 * `notification`, `conversation-read`); the page refetches, so a lost or repeated event costs a
 * request, never a lost or doubled message. `reset` asks for a refetch of everything: this process
 * may have missed events while its LISTEN connection was down.
 *
 * One LISTEN per API process fans out to this process's open streams; the NOTIFY is sent on commit
 * by whichever process made the change (modules/notifications/notifications.service.ts).
 */
export const eventRoutes: FastifyPluginAsync<LiveEventsOptions> = async (app, opts) => {
  const streams = new Map<string, Set<PassThrough>>();
  const write = (stream: PassThrough, chunk: string) => {
    if (!stream.writableEnded) stream.write(chunk);
  };
  const event = (type: LiveEventType | 'reset') => `event: ${type}\ndata: {}\n\n`;
  const known = new Set<string>(LiveEventTypes);

  const listener = await opts.notifications?.listen(LIVE_EVENTS_CHANNEL, {
    onNotify(payload) {
      let parsed: { userId?: unknown; type?: unknown };
      try {
        parsed = JSON.parse(payload) as typeof parsed;
      } catch {
        return;
      }
      if (typeof parsed.userId !== 'string' || typeof parsed.type !== 'string' || !known.has(parsed.type))
        return;
      for (const stream of streams.get(parsed.userId) ?? [])
        write(stream, event(parsed.type as LiveEventType));
    },
    onReset() {
      for (const set of streams.values()) for (const stream of set) write(stream, event('reset'));
    },
    onError: (err) => app.log.warn({ err }, 'live events: LISTEN connection lost, reconnecting'),
  });

  // Before the server stops accepting and waits for requests in flight: an open stream would hold
  // the shutdown for its whole grace period (plugins/draining.ts, server.ts). Ending it makes the
  // client reconnect — to a process that still listens — and refetch.
  app.addHook('preClose', async () => {
    for (const set of streams.values()) for (const stream of set) stream.end();
    streams.clear();
  });
  app.addHook('onClose', async () => {
    await listener?.stop();
  });

  app.get(
    '/events',
    {
      config: { access: 'user' },
      schema: { tags: ['notifications'], security: [{ bearerAuth: [] }] },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const stream = new PassThrough();
      const set = streams.get(user.id) ?? new Set();
      streams.set(user.id, set);
      set.add(stream);
      const heartbeat = setInterval(() => write(stream, ': ping\n\n'), opts.heartbeatMs);
      const lifetime = setTimeout(() => stream.end(), opts.maxStreamMs);
      const cleanUp = () => {
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        set.delete(stream);
        if (set.size === 0 && streams.get(user.id) === set) streams.delete(user.id);
        if (!stream.writableEnded) stream.end();
      };
      request.raw.on('close', cleanUp);
      stream.on('close', cleanUp);
      stream.on('end', cleanUp);
      // `retry` is the browser's reconnect delay; the first lines flush the headers at once.
      write(stream, `retry: 2000\n: connected\n\n${event('reset')}`);
      if (app.lifecycle.draining) stream.end();
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          // nginx and similar proxies would otherwise buffer the stream.
          .header('x-accel-buffering', 'no')
          .send(stream)
      );
    },
  );
};
