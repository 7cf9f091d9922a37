// The host's server entry (a node-target build, host/dist-server/server.js): the web server's
// render worker loads it once per live combination of remotes and renders pages with it.
export { renderPage, startRenderer } from './render-page';
export type { PageRequest, RenderOutcome, RendererOptions } from './render-page';
export { splitTemplate } from './page-template';
