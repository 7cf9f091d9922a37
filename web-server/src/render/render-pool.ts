import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { ServerMetrics } from '../metrics.js';
import type { RenderRequestMessage, WorkerInit, WorkerMessage } from './protocol.js';

export interface RenderPoolOptions {
  hostServerEntry: string;
  templateFile: string;
  /** The live remotes (read per request: promote and rollback need no restart). */
  remotes: () => Record<string, string>;
  config: () => unknown;
  serverApiUrl?: string;
  /** Where the renderer reaches the remotes' public origins (remote-origins.ts); none by default. */
  remoteOrigins?: ReadonlyArray<readonly [string, string]>;
  budgetMs?: number;
  /** A file whose change means new remotes are live (releases/live.json): the next worker warms at once. */
  watchFile?: string;
  /** How long a new worker may take to load and warm before requests fall back to the shell. */
  startTimeoutMs?: number;
  log?: (message: string) => void;
  /** Counts worker starts and crashes by release set. */
  metrics?: ServerMetrics;
}

/**
 * A release set as a metric label: each remote with its release (`catalog@v3 dashboard@dist`),
 * from the manifest URLs a worker is keyed by. Bounded by the releases an operator promotes.
 */
export function releaseSetLabel(remotes: Record<string, string>): string {
  return Object.entries(remotes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, url]) => `${name}@${/\/releases\/([^/]+)\//.exec(url)?.[1] ?? 'dist'}`)
    .join(' ');
}

export interface PoolPageRequest {
  url: string;
  cookie?: string;
  acceptLanguage?: string;
  nonce?: string;
  traceparent?: string;
}

export interface PoolRenderedPage {
  status: number;
  headers: Record<string, string>;
  body: Readable | string;
}

interface Pending {
  onMessage: (message: WorkerMessage) => void;
  onExit: () => void;
}

/** One worker for one combination of remotes. */
class RenderWorker {
  readonly ready: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stopping = false;
  alive = true;

  constructor(
    readonly key: string,
    init: WorkerInit,
    startTimeoutMs: number,
    onCrash: () => void,
  ) {
    this.worker = new Worker(new URL('./render-worker.js', import.meta.url), { workerData: init });
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('render worker did not warm up in time')),
        startTimeoutMs,
      );
      this.worker.on('message', (message: WorkerMessage) => {
        if ('id' in message) return this.pending.get(message.id)?.onMessage(message);
        clearTimeout(timer);
        if (message.type === 'ready') resolve();
        else if (message.type === 'failed') reject(new Error(message.message));
      });
      this.worker.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      this.worker.on('exit', () => {
        clearTimeout(timer);
        if (!this.stopping) onCrash();
        this.alive = false;
        reject(new Error('render worker exited'));
        for (const pending of this.pending.values()) pending.onExit();
        this.pending.clear();
      });
    });
    // Nobody may be waiting yet (a pre-warm): the failure is seen by whoever awaits ready.
    this.ready.catch(() => undefined);
  }

  render(request: PoolPageRequest, timeoutMs: number): Promise<PoolRenderedPage | null> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      let body: Readable | undefined;
      const done = () => this.pending.delete(id);
      // No answer in time (the worker is stuck): the shell is served; a late answer is dropped.
      const timer = setTimeout(() => {
        done();
        resolve(null);
      }, timeoutMs);
      this.pending.set(id, {
        onMessage: (message) => {
          if (!('id' in message)) return;
          switch (message.type) {
            case 'redirect':
              clearTimeout(timer);
              done();
              resolve({
                status: message.status,
                headers: { location: message.location, 'cache-control': 'no-store' },
                body: '',
              });
              break;
            case 'start':
              clearTimeout(timer);
              body = new Readable({ read() {} });
              resolve({
                status: message.status,
                headers: {
                  'content-type': 'text/html; charset=utf-8',
                  // The page depends on the visitor's cookies (signed-in header, theme, language)
                  // and, without a saved language, on the browser's.
                  'cache-control': 'private, no-cache',
                  vary: 'Cookie, Accept-Language',
                },
                body,
              });
              break;
            case 'chunk':
              body?.push(message.html);
              break;
            case 'end':
              body?.push(null);
              done();
              break;
            case 'error':
              clearTimeout(timer);
              done();
              if (body) body.destroy(new Error(message.message));
              else resolve(null);
              break;
          }
        },
        onExit: () => {
          clearTimeout(timer);
          if (body) body.destroy(new Error('render worker exited'));
          else resolve(null);
        },
      });
      const message: RenderRequestMessage = {
        id,
        url: request.url,
        cookie: request.cookie,
        acceptLanguage: request.acceptLanguage,
        nonce: request.nonce,
        traceparent: request.traceparent,
      };
      this.worker.postMessage(message);
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.alive = false;
    await this.worker.terminate();
  }
}

/**
 * Renders pages in worker threads, one per live combination of remote releases. When the live
 * set changes, a new worker is started and warmed before it takes traffic; the previous one is
 * kept for an instant rollback; older ones are stopped. Every failure ends in `null`, which the
 * web server answers with the browser-rendered shell: rendering never costs a visitor the page.
 */
export class RenderPool {
  private current: RenderWorker | undefined;
  private previous: RenderWorker | undefined;
  private starting = new Map<string, RenderWorker>();
  private readonly template: string;
  private closed = false;

  constructor(private readonly options: RenderPoolOptions) {
    this.template = readFileSync(options.templateFile, 'utf8');
    if (options.watchFile) {
      // Promote and rollback write this file: the new combination starts warming right away.
      watchFile(options.watchFile, { interval: 300 }, () => void this.workerFor().catch(() => undefined));
    }
  }

  private get budgetMs() {
    return this.options.budgetMs ?? 1500;
  }

  private async workerFor(): Promise<RenderWorker> {
    const remotes = this.options.remotes();
    const key = JSON.stringify(Object.entries(remotes).sort(([a], [b]) => a.localeCompare(b)));
    if (this.current?.key === key && this.current.alive) return this.current;
    if (this.previous?.key === key && this.previous.alive) {
      [this.current, this.previous] = [this.previous, this.current];
      this.options.log?.(`render worker switched back to ${key}`);
      return this.current;
    }
    let next = this.starting.get(key);
    if (!next) {
      const releaseSet = releaseSetLabel(remotes);
      this.options.metrics?.renderWorkerStarts.labels(releaseSet).inc();
      next = new RenderWorker(
        key,
        {
          hostServerEntry: this.options.hostServerEntry,
          templateHtml: this.template,
          remotes,
          config: this.options.config(),
          serverApiUrl: this.options.serverApiUrl,
          remoteOrigins: this.options.remoteOrigins ?? [],
          budgetMs: this.budgetMs,
          warmUrl: '/',
        },
        this.options.startTimeoutMs ?? 30_000,
        () => this.options.metrics?.renderWorkerCrashes.labels(releaseSet).inc(),
      );
      this.starting.set(key, next);
    }
    try {
      await next.ready;
    } catch (error) {
      this.starting.delete(key);
      void next.stop();
      throw error;
    }
    if (this.starting.get(key) === next) {
      this.starting.delete(key);
      const retired = this.previous;
      if (this.current?.alive) this.previous = this.current;
      this.current = next;
      if (retired && retired !== this.previous) void retired.stop();
      this.options.log?.(`render worker ready for ${key}`);
    }
    if (this.closed) void next.stop();
    return next;
  }

  async render(request: PoolPageRequest): Promise<PoolRenderedPage | null> {
    if (this.closed) return null;
    let worker: RenderWorker;
    try {
      worker = await this.workerFor();
    } catch (error) {
      this.options.log?.(
        `render worker unavailable: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
    return worker.render(request, this.budgetMs + 1000);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.options.watchFile) unwatchFile(this.options.watchFile);
    await Promise.all(
      [this.current, this.previous, ...this.starting.values()].filter(Boolean).map((w) => w!.stop()),
    );
  }
}
