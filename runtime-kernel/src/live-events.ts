import { useEffect, useRef } from 'react';
import type { LiveEventType } from 'shared-contracts/notifications';
import { authHeader } from './api-client';
import { useAuthStore } from './auth-store';
import { getAppConfig } from './config';

/**
 * The page's ONE live connection to GET /events (docs/decisions/0039-live-events-over-sse.md),
 * shared by the host and every remote through this singleton package. An event only says what
 * changed; subscribers refetch. `reset` (sent on every connect, after a drop, a server restart or
 * a missed stretch) means "refetch everything you show", so nothing is lost while disconnected.
 *
 * The browser's EventSource cannot send the bearer token, so this reads the stream with fetch
 * (hand-written: the format is a few lines; no dependency for it).
 */
export type LiveEventName = LiveEventType | 'reset';
type Handler = (type: LiveEventName) => void;

const handlers = new Set<{ types: ReadonlySet<LiveEventName>; handler: Handler }>();
let controller: AbortController | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let attempt = 0;
let connectedUid: string | null = null;
let stopWatchingAuth: (() => void) | null = null;

function dispatch(type: LiveEventName) {
  for (const h of [...handlers]) if (type === 'reset' || h.types.has(type)) h.handler(type);
}

/** Reads `event:` names out of a server-sent-events byte stream; comments and data are ignored. */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (type: string) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let type = 'message';
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) type = line.slice(6).trim();
        else if (line.startsWith('data:')) hasData = true;
      }
      if (hasData) onEvent(type);
    }
  }
}

function scheduleReconnect(delayMs?: number) {
  if (retryTimer || !controller) return;
  // 1 s, 2 s, 4 s … up to 30 s, with jitter so a restarted server is not hit by every page at once.
  const wait = delayMs ?? Math.min(30_000, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2);
  attempt++;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void connect();
  }, wait);
}

async function connect() {
  const current = controller;
  if (!current || current.signal.aborted) return;
  try {
    const headers = await authHeader();
    if (!headers.Authorization) return;
    const res = await fetch(`${getAppConfig().apiUrl}/events`, {
      headers: { ...headers, Accept: 'text/event-stream' },
      signal: current.signal,
      cache: 'no-store',
    });
    if (!res.ok || !res.body) throw new Error(`live events: ${res.status}`);
    attempt = 0;
    await readEventStream(res.body, (type) => dispatch(type as LiveEventName));
    // The server ended the stream (its lifetime, or a shutdown): come back soon.
    if (controller === current) scheduleReconnect(500 + Math.random() * 1000);
  } catch {
    if (controller === current && !current.signal.aborted) scheduleReconnect();
  }
}

const onOnline = () => {
  if (!controller) return;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  attempt = 0;
  void connect();
};

function open() {
  controller = new AbortController();
  attempt = 0;
  window.addEventListener('online', onOnline);
  void connect();
}

function close() {
  controller?.abort();
  controller = null;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  window.removeEventListener('online', onOnline);
}

/**
 * Connects while someone listens and Firebase has confirmed a signed-in user (the stream needs a
 * token, and a page painted from the hint does not load Firebase for it: auth-store's
 * `sessionConfirmed`); follows sign-in, sign-out and switches.
 */
function sync() {
  const { user, sessionConfirmed } = useAuthStore.getState();
  const uid = handlers.size > 0 && sessionConfirmed ? (user?.uid ?? null) : null;
  if (uid === connectedUid) return;
  close();
  connectedUid = uid;
  if (uid) open();
}

function subscribe(types: readonly LiveEventType[], handler: Handler) {
  const entry = { types: new Set<LiveEventName>(types), handler };
  handlers.add(entry);
  stopWatchingAuth ??= useAuthStore.subscribe(sync);
  sync();
  return () => {
    handlers.delete(entry);
    if (handlers.size === 0) {
      stopWatchingAuth?.();
      stopWatchingAuth = null;
    }
    sync();
  };
}

/**
 * Calls `handler` when one of `types` happens for the signed-in user, and on `reset` (connected
 * again: whatever was missed must be refetched). Typically: invalidate the queries it shows.
 */
export function useLiveEvent(types: LiveEventType | readonly LiveEventType[], handler: Handler): void {
  const latest = useRef(handler);
  latest.current = handler;
  const key = [types].flat().join(',');
  useEffect(() => {
    return subscribe(key.split(',') as LiveEventType[], (type) => latest.current(type));
  }, [key]);
}
