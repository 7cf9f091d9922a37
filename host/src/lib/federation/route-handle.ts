import type { RemoteModuleRef } from 'shared-contracts/remote-modules';

/** What the server renderer needs to know about a route beyond its element and loader. */
export interface RouteHandle {
  /** A signed-out visitor is sent to /login (by the server too, which sees the session hint). */
  requiresSignIn?: boolean;
  /** The server renders this page into the HTML; other pages are rendered by the browser. */
  serverRendered?: boolean;
  /** The remote module that renders the page (its CSS and scripts are announced in the HTML head). */
  remote?: RemoteModuleRef;
}
