import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuildInfo } from '@/lib/federation/host-contract';
import { loadRemoteModule, type RemoteName } from '@/lib/federation/remote-registry';

/**
 * The record compiled into the remote code this tab runs (every remote exposes './BuildInfo').
 * It goes through the same loader as the pages, so a refused or unreachable remote fails here too.
 */
export async function getRunningBuild(remote: RemoteName): Promise<BuildInfo> {
  const mod = await loadRemoteModule(remote, './BuildInfo');
  return mod.default;
}

export const runningBuildQueryOptions = (remote: RemoteName) =>
  queryOptions({
    queryKey: ['about-build', 'running', remote],
    queryFn: () => getRunningBuild(remote),
    // The code of a tab never changes until it reloads.
    staleTime: Infinity,
    retry: false,
  });

export const useRunningBuild = (remote: RemoteName) => useQuery(runningBuildQueryOptions(remote));
