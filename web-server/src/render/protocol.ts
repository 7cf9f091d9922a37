// Messages between the web server and a render worker (render-worker.ts).

/** What a worker is started with: one live combination of remotes, fixed for its lifetime. */
export interface WorkerInit {
  /** host/dist-server/server.cjs: the host's node-target build. */
  hostServerEntry: string;
  /** host/dist/index.html, into which pages are rendered. */
  templateHtml: string;
  remotes: Record<string, string>;
  config: unknown;
  serverApiUrl?: string;
  /** The remotes' public origins and where the renderer reaches them (remote-origins.ts). */
  remoteOrigins: ReadonlyArray<readonly [string, string]>;
  budgetMs: number;
  /** Rendered once before the worker takes traffic, so remote code is loaded and compiled. */
  warmUrl: string;
}

export interface RenderRequestMessage {
  id: number;
  url: string;
  cookie?: string;
  /** The visitor's Accept-Language: the page's language when no choice is saved. */
  acceptLanguage?: string;
  /** The response's Content-Security-Policy nonce (security-headers.ts). */
  nonce?: string;
  /** The page request's traceparent (request-trace.ts). */
  traceparent?: string;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { id: number; type: 'redirect'; status: number; location: string }
  | { id: number; type: 'start'; status: number }
  | { id: number; type: 'chunk'; html: string }
  | { id: number; type: 'end' }
  | { id: number; type: 'error'; message: string };
