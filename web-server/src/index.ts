export { createHostServer, type HostServerOptions } from './host.js';
export { createRemoteServer, type RemoteServerOptions } from './remote.js';
export { HASHED, IMMUTABLE, NO_CACHE, type ServerOptions } from './common.js';
export type { PageRenderer, PageRequest, RenderedPage } from './renderer.js';
