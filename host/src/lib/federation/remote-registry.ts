import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import type { ExposedName, ExposedProps, RemoteName } from 'shared-contracts/remote-modules';
import { nextTask } from '@/shared/lib/next-task';
import { IncompatibleRemoteError, type BuildInfo } from './host-contract';
import { hostRuntimePlugins } from './runtime-plugins';

export type { ExposedName, RemoteName } from 'shared-contracts/remote-modules';

/**
 * An exposed module as the host receives it: its default export renders with the props declared
 * for it in shared-contracts/src/remote-modules.ts; a page may also export its route's loader.
 */
export interface ExposedModule<Props> {
  default: ComponentType<Props>;
  loader?: (args: LoaderFunctionArgs) => unknown;
}

/** What the host may load from a remote: its declared modules and './BuildInfo', which every remote adds. */
export type LoadableName<R extends RemoteName> = ExposedName<R> | './BuildInfo';

/** The module `loadRemoteModule(remote, exposed)` resolves to. */
export type LoadedModule<R extends RemoteName, E extends LoadableName<R>> = E extends './BuildInfo'
  ? { default: BuildInfo }
  : ExposedModule<ExposedProps<R, E>>;

let remoteEntries: Record<string, string> = {};
const loadedModules = new Map<string, unknown>();
let resetCount = 0;

/** Remote name → manifest URL, as /remotes.json lists them. */
export type RemotesManifest = Record<string, string>;

/**
 * Registers each remote's manifest URL. A server-rendered page passes the set it was rendered
 * with (so the browser hydrates the same releases); otherwise /remotes.json is read.
 */
export async function loadRemotesManifest(rendered?: RemotesManifest): Promise<void> {
  if (rendered) remoteEntries = rendered;
  else {
    const res = await fetch('/remotes.json', { cache: 'no-cache' });
    if (!res.ok) throw new Error(`Could not load /remotes.json (${res.status})`);
    remoteEntries = (await res.json()) as RemotesManifest;
  }
  // Registered by name: a second call (the server renders many pages) adds nothing.
  registerPlugins(hostRuntimePlugins());
  registerRemotes(Object.entries(remoteEntries).map(([name, entry]) => ({ name, entry })));
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    cause: unknown,
  ) {
    super(`The ${remote} remote could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

// Exposed keys are written './HomePage' in the remote's config; the runtime id is 'catalog/HomePage'.
const key = (remote: RemoteName, exposed: string) => `${remote}/${exposed.replace(/^\.\//, '')}`;

/** Every attempt is kept, settled or not, so a re-render never starts a second load by itself. */
const attempts = new Map<string, Promise<unknown>>();

export function getLoadedRemoteModule<R extends RemoteName, E extends LoadableName<R>>(
  remote: R,
  exposed: E,
): LoadedModule<R, E> | undefined {
  return loadedModules.get(key(remote, exposed)) as LoadedModule<R, E> | undefined;
}

async function loadOnce<T>(id: string): Promise<T> {
  let mod: T | null;
  if (typeof window === 'undefined') {
    mod = await loadRemote<T>(id);
  } else {
    // Fetching the remote's entry and chunks, then evaluating its page, are two tasks: together
    // they were one long task on a phone's CPU (docs/product.md#first-paint).
    const factory = await loadRemote<() => T>(id, { loadFactory: false, from: 'runtime' });
    await nextTask();
    mod = factory ? factory() : null;
  }
  if (!mod) throw new Error(`${id} resolved to nothing`);
  return mod;
}

/**
 * Loads an exposed module of a remote. A network blip gets one quiet retry; a remote that stays
 * down rejects with RemoteUnavailableError (kept until resetRemote), which the remote's boundary
 * turns into a retry screen.
 */
export function loadRemoteModule<R extends RemoteName, E extends LoadableName<R>>(
  remote: R,
  exposed: E,
): Promise<LoadedModule<R, E>> {
  type T = LoadedModule<R, E>;
  const id = key(remote, exposed);
  const existing = attempts.get(id);
  if (existing) return existing as Promise<T>;
  const attempt = loadOnce<T>(id)
    .catch(async (error: unknown) => {
      // A refused remote stays refused: only a network blip is worth a second try.
      if (error instanceof IncompatibleRemoteError) throw error;
      await new Promise((r) => setTimeout(r, 400));
      registerFreshEntry(remote);
      return loadOnce<T>(id);
    })
    .then((mod) => {
      loadedModules.set(id, mod);
      return mod;
    })
    .catch((error: unknown) => {
      throw new RemoteUnavailableError(remote, error);
    });
  // Rejections are handled by whoever awaits; this keeps an unobserved one from being reported.
  // A server serves many visitors: a remote that was down is tried again by the next request.
  attempt.catch(() => {
    if (typeof window === 'undefined') attempts.delete(id);
  });
  attempts.set(id, attempt);
  return attempt;
}

/**
 * The loaded module, or undefined when the remote could not give it within `ms` (the server's
 * render budget: a slow remote is rendered by the browser instead of holding the page back).
 */
export function loadRemoteModuleWithin<R extends RemoteName, E extends LoadableName<R>>(
  remote: R,
  exposed: E,
  ms: number,
): Promise<LoadedModule<R, E> | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    loadRemoteModule(remote, exposed).then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
    );
  });
}

/**
 * Re-registers a remote under a new entry URL: the query string makes the runtime fetch the
 * manifest again instead of replaying the failure it cached.
 */
function registerFreshEntry(remote: RemoteName): void {
  const entry = remoteEntries[remote];
  if (!entry) return;
  resetCount += 1;
  const separator = entry.includes('?') ? '&' : '?';
  registerRemotes([{ name: remote, entry: `${entry}${separator}attempt=${resetCount}` }], { force: true });
}

/** Forgets a remote's failed loads (the Retry button) so the next render loads it afresh. */
export function resetRemote(remote: RemoteName): void {
  for (const id of [...attempts.keys()]) {
    if (id.startsWith(`${remote}/`) && !loadedModules.has(id)) attempts.delete(id);
  }
  registerFreshEntry(remote);
}
