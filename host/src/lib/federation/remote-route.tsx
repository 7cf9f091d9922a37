import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';
import { RemoteModule } from './RemoteModule';
import {
  loadRemoteModule,
  loadRemoteModuleWithin,
  RemoteUnavailableError,
  type RemoteName,
} from './remote-registry';

/** How long the server waits for a remote's code before leaving that page to the browser. */
export const SERVER_REMOTE_BUDGET_MS = 1200;

/** What a remote's exposed page module may export besides its default component. */
interface ExposedRouteModule {
  loader?: (args: LoaderFunctionArgs) => unknown;
}

/**
 * A route whose page lives in a remote. The remote owns its loader ("preloaded from the server"),
 * the host owns the path. A remote that is down yields no data here and a retry screen in the page.
 */
export function remoteRoute(
  remote: RemoteName,
  exposed: string,
  handle: RouteHandle = {},
): Pick<RouteObject, 'loader' | 'element' | 'handle'> {
  return {
    handle: { ...handle, remote: { name: remote, exposed } } satisfies RouteHandle,
    loader: async (args) => {
      if (typeof window === 'undefined') {
        const mod = await loadRemoteModuleWithin<ExposedRouteModule>(
          remote,
          exposed,
          SERVER_REMOTE_BUDGET_MS,
        );
        // Down, slow or refused: the page renders the remote's area in the browser.
        return mod?.loader ? ((await mod.loader(args)) ?? null) : null;
      }
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
