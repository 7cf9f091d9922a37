import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { dehydrate } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import {
  createAuthStore,
  createQueryClient,
  loadLanguage,
  parseSessionHint,
  parseTheme,
  readCookie,
  SESSION_HINT_COOKIE,
  setRequestScopeResolver,
  THEME_COOKIE,
  type AppConfig,
  type RequestScope,
} from 'runtime-kernel';
import { LANGUAGE_COOKIE, parseAcceptLanguage, parseLanguage, pickLanguage } from 'shared-contracts/locale';
import { AppProviders } from '@/app/App';
import { CLIENT_RENDERED_REMOTE, plainQueryErrors, serializePageState } from '@/app/page-state';
import { RenderedRemotesContext } from '@/lib/federation/RemoteModule';
import {
  loadRemotesManifest,
  RemoteUnavailableError,
  type RemotesManifest,
} from '@/lib/federation/remote-registry';
import { routes } from '@/app/router';
import { translate } from '@/shared/i18n';
import type { RouteHandle } from '@/lib/federation/route-handle';
import {
  applyPageLook,
  withDocumentTexts,
  withHeadTags,
  type PageLook,
  type PageTemplate,
  type StartOn,
} from './page-template';
import { remoteHeadTags } from './remote-assets';
import { languageFontPreloads } from './language-fonts';

// Each request renders with its own store, QueryClient and configuration (runtime-kernel reads them
// from here); module singletons exist only in the browser.
const scopes = new AsyncLocalStorage<RequestScope>();
setRequestScopeResolver(() => scopes.getStore());

export interface RendererOptions {
  template: PageTemplate;
  /** The remotes this renderer serves (one worker per live combination). */
  remotes: RemotesManifest;
  /** The configuration the browser gets. */
  config: AppConfig;
  /** Where this server reaches the API (inside a private network it may differ from the public URL). */
  serverApiUrl?: string;
  /** The whole page's budget: what is not ready by then is rendered by the browser. */
  budgetMs: number;
}

export interface PageRequest {
  url: string;
  cookie?: string;
  /** The visitor's Accept-Language: the page's language when no choice is saved. */
  acceptLanguage?: string;
  /** The response's Content-Security-Policy nonce, for the page's inline scripts (web-server). */
  nonce?: string;
  /** The page request's trace (W3C traceparent with the web server's span; web-server). */
  traceparent?: string;
}

export type RenderOutcome =
  | { kind: 'redirect'; status: 302; location: string }
  | { kind: 'page'; status: number; chunks: AsyncIterable<string> | Iterable<string> };

let options: RendererOptions;

export async function startRenderer(rendererOptions: RendererOptions): Promise<void> {
  options = rendererOptions;
  // Chunks and assets of each remote's server build resolve from where its browser manifest is
  // (tools/build-config/src/web-config.ts, getPublicPath), so the URLs in the HTML are the ones the browser uses.
  const publicPaths: Record<string, string> = {};
  for (const [name, manifest] of Object.entries(options.remotes)) {
    publicPaths[name] = new URL('./', manifest).href;
  }
  (globalThis as { __SB_REMOTE_PUBLIC_PATHS__?: Record<string, string> }).__SB_REMOTE_PUBLIC_PATHS__ =
    publicPaths;
  await loadRemotesManifest(options.remotes);
}

const handler = createStaticHandler(routes);

export async function renderPage(request: PageRequest): Promise<RenderOutcome> {
  const url = new URL(request.url, 'http://localhost');
  const matches = matchRoutes(routes, url.pathname) ?? [];
  const handles = matches.map((m) => (m.route.handle ?? {}) as RouteHandle);
  const hint = parseSessionHint(readCookie(request.cookie, SESSION_HINT_COOKIE));
  if (handles.some((h) => h.requiresSignIn) && !hint) {
    // docs/product.md#sign-in: the visitor signs in and comes back here (LoginPage reads ?from=).
    const from = `${url.pathname}${url.search}`;
    return { kind: 'redirect', status: 302, location: `/login?from=${encodeURIComponent(from)}` };
  }
  const look: PageLook = {
    theme: parseTheme(readCookie(request.cookie, THEME_COOKIE)),
    // docs/product.md#languages-and-money: the saved choice, then the browser's, then English.
    language:
      parseLanguage(readCookie(request.cookie, LANGUAGE_COOKIE)) ??
      pickLanguage(parseAcceptLanguage(request.acceptLanguage)),
  };
  if (!handles.some((h) => h.serverRendered)) {
    // The shell's head is in the page's language too (its title and description).
    await loadLanguage(look.language);
    return shellPage(look);
  }

  // The page's trace: the renderer's API calls continue it, and so do the browser's (page state).
  const pageConfig: AppConfig = { ...options.config, traceparent: request.traceparent };
  const scope: RequestScope = {
    authStore: createAuthStore({ hint, ...look }),
    queryClient: createQueryClient({ server: true }),
    config: options.serverApiUrl ? { ...pageConfig, apiUrl: options.serverApiUrl } : pageConfig,
  };
  // docs/product.md#first-paint: a signed-out visitor's page starts its app on their first action.
  const startOn: StartOn = hint ? 'paint' : 'intent';
  return scopes.run(scope, () => renderInScope(url, scope, pageConfig, look, startOn, request.nonce));
}

async function renderInScope(
  url: URL,
  scope: RequestScope,
  pageConfig: AppConfig,
  look: PageLook,
  startOn: StartOn,
  nonce: string | undefined,
): Promise<RenderOutcome> {
  const deadline = Date.now() + options.budgetMs;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), options.budgetMs);
  let context: StaticHandlerContext | Response;
  try {
    context = await handler.query(new Request(url, { signal: abort.signal }));
  } catch {
    // Loaders that outlast the budget (a slow API): the browser renders this page.
    clearTimeout(timer);
    return shellPage(look);
  }
  clearTimeout(timer);
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    return location ? { kind: 'redirect', status: 302, location } : shellPage(look);
  }

  // The page's packages are loaded (the route loaders ran): their texts in its language too.
  await loadLanguage(look.language);
  const router = createStaticRouter(handler.dataRoutes, context);
  const rendered = new Set<string>();
  const tree = (
    <RenderedRemotesContext.Provider value={rendered}>
      <AppProviders>
        {/* Its hydration-data script is inline: it carries the page's CSP nonce. */}
        <StaticRouterProvider router={router} context={context} nonce={nonce} />
      </AppProviders>
    </RenderedRemotesContext.Provider>
  );

  const body = new PassThrough();
  await new Promise<void>((resolve, reject) => {
    const stream = renderToPipeableStream(tree, {
      // React outlines a large finished Suspense boundary (fallback first, content swapped in by
      // script later), which here would paint a loader over the page and shift it. The page's data
      // is loaded before rendering, so everything ready streams in place.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // React's own inline scripts (a boundary that completes or falls back to the browser after
      // the shell streamed) run under the page's Content-Security-Policy too.
      ...(nonce ? { nonce } : {}),
      onShellReady() {
        stream.pipe(body);
        resolve();
      },
      onShellError: reject,
      onError(error) {
        if (error instanceof RemoteUnavailableError) return CLIENT_RENDERED_REMOTE;
        console.error('[ssr]', error);
        return undefined;
      },
    });
    // What has not streamed by the deadline (a slow remote) is left to the browser.
    setTimeout(() => stream.abort(new Error('render budget spent')), Math.max(0, deadline - Date.now()));
  }).catch(() => {
    body.destroy();
    throw new Error('shell failed');
  });

  const { template } = options;
  const status = context.statusCode === 404 ? 404 : 200;
  const remotePages = context.matches.flatMap((m) => {
    const remote = (m.route.handle as RouteHandle | undefined)?.remote;
    return remote ? [remote] : [];
  });
  const headTags = await remoteHeadTags(options.remotes, remotePages);
  async function* chunks(): AsyncIterable<string> {
    yield withHeadTags(
      headInLanguage(template.renderedHead, look),
      languageFontPreloads(look.language) + headTags,
    );
    for await (const chunk of body) yield String(chunk);
    yield serializePageState({
      config: pageConfig,
      remotes: options.remotes,
      queries: plainQueryErrors(
        dehydrate(scope.queryClient, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' }),
      ),
      renderedRemotes: [...rendered],
    });
    yield template.renderedTail({ startOn, nonce, waitText: translate(look.language)('startup.waiting') });
  }
  return { kind: 'page', status, chunks: chunks() };
}

/** A page the browser renders (the server renders only the catalog's pages), in the visitor's theme and language. */
function shellPage(look: PageLook): RenderOutcome {
  const { head, tail } = options.template;
  return {
    kind: 'page',
    status: 200,
    chunks: [withHeadTags(headInLanguage(head, look), languageFontPreloads(look.language)), tail],
  };
}

/** The head in the visitor's theme and language: `<html>`'s attributes, the title, the description. */
function headInLanguage(head: string, look: PageLook): string {
  const t = translate(look.language);
  return withDocumentTexts(applyPageLook(head, look), {
    title: t('document.title'),
    description: t('document.description'),
  });
}
