import type { RouteObject } from 'react-router';
import type { ExposedProps, NoProps, RemoteModuleRef } from 'shared-contracts/remote-modules';
import type { RouteHandle } from './route-handle';
import { RemoteModule } from './RemoteModule';
import {
  loadRemoteModule,
  loadRemoteModuleWithin,
  RemoteUnavailableError,
  type ExposedName,
  type RemoteName,
} from './remote-registry';

/** The modules of a remote that declare no required props: the router renders a page with none. */
type PageName<R extends RemoteName> = {
  [E in ExposedName<R>]: NoProps extends ExposedProps<R, E> ? E : never;
}[ExposedName<R>];

/** A remote and one of its pages, e.g. ['catalog', './HomePage']. */
type RoutePage = { [R in RemoteName]: [remote: R, exposed: PageName<R>] }[RemoteName];

/** How long the server waits for a remote's code before leaving that page to the browser. */
export const SERVER_REMOTE_BUDGET_MS = 1200;

/**
 * A route whose page lives in a remote. The remote owns its loader ("preloaded from the server"),
 * the host owns the path. A remote that is down yields no data here and a retry screen in the page.
 */
export function remoteRoute(
  ...[remote, exposed, handle = {}]: [...RoutePage, handle?: RouteHandle]
): Pick<RouteObject, 'loader' | 'element' | 'handle'> {
  // The parameters were checked as a pair; past the destructuring TypeScript sees two unions.
  const page = { name: remote, exposed } as RemoteModuleRef;
  return {
    handle: { ...handle, remote: page } satisfies RouteHandle,
    loader: async (args) => {
      if (typeof window === 'undefined') {
        const mod = await loadRemoteModuleWithin(remote, exposed, SERVER_REMOTE_BUDGET_MS);
        // Down, slow or refused: the page renders the remote's area in the browser.
        return mod?.loader ? ((await mod.loader(args)) ?? null) : null;
      }
      try {
        const mod = await loadRemoteModule(remote, exposed);
        return mod.loader ? ((await mod.loader(args)) ?? null) : null;
      } catch (error) {
        if (error instanceof RemoteUnavailableError) return null;
        throw error;
      }
    },
    element: <RemoteModule remote={remote} exposed={exposed} />,
  };
}
