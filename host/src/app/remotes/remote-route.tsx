import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { RemoteModule } from './RemoteModule';
import { loadRemoteModule, RemoteUnavailableError, type RemoteName } from './remote-registry';

/** What a remote's exposed page module may export besides its default component. */
interface ExposedRouteModule {
  loader?: (args: LoaderFunctionArgs) => unknown;
}

/**
 * A route whose page lives in a remote. The remote owns its loader ("preloaded from the server"),
 * the host owns the path. A remote that is down yields no data here and a retry screen in the page.
 */
export function remoteRoute(remote: RemoteName, exposed: string): Pick<RouteObject, 'loader' | 'element'> {
  return {
    loader: async (args) => {
      try {
        const mod = await loadRemoteModule<ExposedRouteModule>(remote, exposed);
        return mod.loader ? ((await mod.loader(args)) ?? null) : null;
      } catch (error) {
        if (error instanceof RemoteUnavailableError) return null;
        throw error;
      }
    },
    element: <RemoteModule remote={remote} exposed={exposed} />,
  };
}
