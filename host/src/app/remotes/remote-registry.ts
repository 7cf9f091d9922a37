import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

export type RemoteName = 'catalog' | 'dashboard' | 'checkout';

export const REMOTE_LABELS: Record<RemoteName, string> = {
  catalog: 'catalog',
  dashboard: 'dashboard',
  checkout: 'checkout',
};

let remoteEntries: Record<string, string> = {};
const loadedModules = new Map<string, unknown>();
const inFlight = new Map<string, Promise<unknown>>();
let resetCount = 0;

/** Reads /remotes.json (served beside index.html) and registers each remote's manifest URL. */
export async function loadRemotesManifest(): Promise<void> {
  const res = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!res.ok) throw new Error(`Could not load /remotes.json (${res.status})`);
  remoteEntries = (await res.json()) as Record<string, string>;
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

const key = (remote: RemoteName, exposed: string) => `${remote}/${exposed}`;

export function getLoadedRemoteModule<T>(remote: RemoteName, exposed: string): T | undefined {
  return loadedModules.get(key(remote, exposed)) as T | undefined;
}

async function loadOnce<T>(id: string): Promise<T> {
  const mod = await loadRemote<T>(id);
  if (!mod) throw new Error(`${id} resolved to nothing`);
  return mod;
}

/**
 * Loads an exposed module of a remote. A network blip gets one quiet retry; a remote that stays
 * down rejects with RemoteUnavailableError, which the remote's boundary turns into a retry screen.
 */
export function loadRemoteModule<T>(remote: RemoteName, exposed: string): Promise<T> {
  const id = key(remote, exposed);
  if (loadedModules.has(id)) return Promise.resolve(loadedModules.get(id) as T);
  const pending = inFlight.get(id);
  if (pending) return pending as Promise<T>;
  const attempt = loadOnce<T>(id)
    .catch(async () => {
      await new Promise((r) => setTimeout(r, 400));
      resetRemote(remote);
      return loadOnce<T>(id);
    })
    .then((mod) => {
      loadedModules.set(id, mod);
      return mod;
    })
    .catch((error: unknown) => {
      throw new RemoteUnavailableError(remote, error);
    })
    .finally(() => inFlight.delete(id));
  inFlight.set(id, attempt);
  return attempt;
}

/**
 * Forgets a remote's failed load so the next load fetches its manifest again. The query string
 * makes the runtime treat it as a new entry instead of replaying its cached failure.
 */
export function resetRemote(remote: RemoteName): void {
  const entry = remoteEntries[remote];
  if (!entry) return;
  resetCount += 1;
  const separator = entry.includes('?') ? '&' : '?';
  registerRemotes([{ name: remote, entry: `${entry}${separator}attempt=${resetCount}` }], { force: true });
}
