import { hydrate } from '@tanstack/react-query';
import * as React from 'react';
import { startTransition, useEffect, type ReactNode } from 'react';
import {
  configureApp,
  getQueryClient,
  loadAppConfig,
  loadLanguage,
  startAuthWhenNeeded,
  useAuthStore,
} from 'runtime-kernel';
import { registerFederationProbe } from 'web-kit/federation-probe';
import { CLIENT_RENDERED_REMOTE, readPageState, reviveQueryErrors, type PageState } from '@/app/page-state';
import {
  loadRemoteModule,
  loadRemotesManifest,
  type ExposedName,
  type RemoteName,
} from '@/lib/federation/remote-registry';
import { StartupError } from '@/app/StartupError';
import { nextTask } from '@/shared/lib/next-task';

// End-to-end builds only (SB_E2E_PROBE=1, tools/build-config/src/web-config.ts): compiled away elsewhere.
if (process.env.SB_E2E_PROBE === '1') registerFederationProbe('host', React, useAuthStore);

// The renderer and the app: the entry (src/index.ts) has already downloaded them with this module
// and evaluated each in a task of its own, so these imports only hand them over. They stay dynamic
// so that this module's own evaluation never includes theirs.
const reactDomClient = import('react-dom/client');
const appModule = import('@/app/App');
// A page in Bangla: each package's Bangla texts start loading as soon as its code arrives (they are
// a chunk of their own, docs/decisions/0038-i18n.md), and the page renders once all are in.
const pageLanguage = useAuthStore.getState().language;
void loadLanguage(pageLanguage);

const container = document.getElementById('root')!;

/**
 * Marks `<html data-app-ready>` once React has committed its first render: from then on the page
 * answers clicks (before it, a server-rendered button is only HTML). The end-to-end tests wait for it.
 */
function MarkAppReady({ children }: { children: ReactNode }) {
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  return children;
}

/**
 * Firebase (about 100 KB of script and a long task on a phone) waits until the visitor acts or the
 * page has been quiet for a while after loading: the page was painted from the signed-in hint and
 * needs nothing from Firebase to show itself. Anything that needs a token loads Firebase at once
 * (runtime-kernel's authHeader), so this only decides when a stale hint is corrected
 * (docs/product.md#sign-in).
 */
const AUTH_QUIET_DELAY_MS = 3000;
function whenActiveOrQuiet(task: () => void) {
  const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) window.removeEventListener(type, start, true);
    task();
  };
  for (const type of INTERACTIONS) window.addEventListener(type, start, { capture: true, passive: true });
  const quiet = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 2000 });
      else start();
    }, AUTH_QUIET_DELAY_MS);
  if (document.readyState === 'complete') quiet();
  else window.addEventListener('load', quiet, { once: true });
}

/** Continues the page the server rendered: same configuration, releases and data, then hydration. */
async function hydrateServerPage(state: PageState) {
  configureApp(state.config);
  await loadRemotesManifest(state.remotes);
  const [{ hydrateRoot }, { App, createAppRouter }] = await Promise.all([reactDomClient, appModule]);
  await nextTask();
  hydrate(getQueryClient(), reviveQueryErrors(state.queries));
  await Promise.all(
    state.renderedRemotes.map((key) => {
      const [remote, exposed] = key.split('\n') as [RemoteName, ExposedName];
      // A remote that fails now shows its fallback when hydrated, like any failed remote.
      return loadRemoteModule(remote, exposed).catch(() => undefined);
    }),
  );
  await loadLanguage(pageLanguage);
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  // A transition: hydration yields to the browser between chunks instead of one long task.
  startTransition(() => {
    hydrateRoot(
      container,
      <MarkAppReady>
        <App router={router} />
      </MarkAppReady>,
      {
        onRecoverableError(error) {
          const digest = (error as { digest?: string }).digest;
          // A remote the server could not render is rendered here, as designed; anything else is a bug.
          if (digest === CLIENT_RENDERED_REMOTE) console.warn('[ssr] a remote was rendered in the browser');
          else console.error(error);
        },
      },
    );
  });
}

async function renderClientPage() {
  const { createRoot } = await reactDomClient;
  const root = createRoot(container);
  try {
    const [{ App, createAppRouter }] = await Promise.all([appModule, loadAppConfig(), loadRemotesManifest()]);
    await loadLanguage(pageLanguage);
    // Created only now: a data router starts its first loaders at once, and they need the remotes.
    const router = createAppRouter();
    root.render(
      <MarkAppReady>
        <App router={router} />
      </MarkAppReady>,
    );
  } catch (error) {
    console.error(error);
    root.render(
      <MarkAppReady>
        <StartupError />
      </MarkAppReady>,
    );
  }
}

const state = readPageState();
void (state ? hydrateServerPage(state) : renderClientPage()).then(() =>
  whenActiveOrQuiet(() => void startAuthWhenNeeded()),
);
