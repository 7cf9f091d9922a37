import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from 'runtime-kernel';
import { buildInfoFromManifest, type BuildInfo } from '@/lib/federation/host-contract';
import type { RemoteName } from '@/lib/federation/remote-registry';

/** Why a remote's build record could not be read; the page words it in its language. */
export type LiveRemoteError =
  { reason: 'unreachable' } | { reason: 'http'; status: number } | { reason: 'no-record' };

export interface LiveRemote {
  name: RemoteName;
  manifestUrl: string;
  /** Served from RELEASES_DIR by `pnpm promote`, or the remote's own development build. */
  source: 'release' | 'development';
  /** What the manifest that is live right now says; null when unreachable or unlabelled. */
  build: BuildInfo | null;
  error: LiveRemoteError | null;
}

async function readLiveRemote(name: RemoteName, manifestUrl: string): Promise<LiveRemote> {
  const source = /\/releases\/[^/]+\/mf-manifest\.json/.test(manifestUrl) ? 'release' : 'development';
  try {
    const res = await fetch(manifestUrl, { cache: 'no-cache' });
    if (!res.ok)
      return { name, manifestUrl, source, build: null, error: { reason: 'http', status: res.status } };
    const build = buildInfoFromManifest(await res.json());
    return { name, manifestUrl, source, build, error: build ? null : { reason: 'no-record' } };
  } catch {
    return { name, manifestUrl, source, build: null, error: { reason: 'unreachable' } };
  }
}

/** The code of the error getLiveBuilds throws when the host's server refuses /remotes.json. */
export const REMOTES_UNREADABLE = 'remotes_unreadable';

/** Asks the host's server what is live now, which may be newer than what this tab loaded. */
export async function getLiveBuilds(): Promise<LiveRemote[]> {
  const res = await fetch('/remotes.json', { cache: 'no-cache' });
  // An ApiError, so its status survives a server render's hand-over (app/page-state.ts).
  if (!res.ok)
    throw new ApiError(res.status, REMOTES_UNREADABLE, `Could not load /remotes.json (${res.status})`);
  const entries = (await res.json()) as Partial<Record<RemoteName, string>>;
  const names: RemoteName[] = ['catalog', 'dashboard', 'checkout'];
  return Promise.all(
    names.flatMap((name) => {
      const url = entries[name];
      return url ? [readLiveRemote(name, url)] : [];
    }),
  );
}

export const liveBuildsQueryOptions = () =>
  queryOptions({ queryKey: ['about-build', 'live'], queryFn: getLiveBuilds, staleTime: 0 });

export const useLiveBuilds = () => useQuery(liveBuildsQueryOptions());
