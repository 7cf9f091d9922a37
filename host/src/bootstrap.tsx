import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import * as React from 'react';
import { startTransition } from 'react';
import {
  configureApp,
  getQueryClient,
  loadAppConfig,
  registerFederationProbe,
  startAuthWhenNeeded,
  useAuthStore,
} from 'shared-auth';
import { App } from './app/App';
import { CLIENT_RENDERED_REMOTE, readPageState, reviveQueryErrors, type PageState } from './app/page-state';
import { loadRemoteModule, loadRemotesManifest, type RemoteName } from './app/remotes/remote-registry';
import { StartupError } from './app/StartupError';

registerFederationProbe('host', React, useAuthStore);

const container = document.getElementById('root')!;

/** Firebase and other work the first paint does not need wait until the page has loaded and is idle. */
function afterFirstPaint(task: () => void) {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 2000 }) : setTimeout(task, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Continues the page the server rendered: same configuration, releases and data, then hydration. */
async function hydrateServerPage(state: PageState) {
  configureApp(state.config);
  await loadRemotesManifest(state.remotes);
  hydrate(getQueryClient(), reviveQueryErrors(state.queries));
  await Promise.all(
    state.renderedRemotes.map((key) => {
      const [remote, exposed] = key.split('\n') as [RemoteName, string];
      // A remote that fails now shows its fallback when hydrated, like any failed remote.
      return loadRemoteModule(remote, exposed).catch(() => undefined);
    }),
  );
  // A transition: hydration yields to the browser between chunks instead of one long task.
  startTransition(() => {
    hydrateRoot(container, <App />, {
      onRecoverableError(error) {
        const digest = (error as { digest?: string }).digest;
        // A remote the server could not render is rendered here, as designed; anything else is a bug.
        if (digest === CLIENT_RENDERED_REMOTE) console.warn('[ssr] a remote was rendered in the browser');
        else console.error(error);
      },
    });
  });
}

async function renderClientPage() {
  const root = createRoot(container);
  try {
    await Promise.all([loadAppConfig(), loadRemotesManifest()]);
    root.render(<App />);
  } catch (error) {
    console.error(error);
    root.render(<StartupError />);
  }
}

const state = readPageState();
void (state ? hydrateServerPage(state) : renderClientPage()).then(() =>
  afterFirstPaint(() => void startAuthWhenNeeded()),
);
