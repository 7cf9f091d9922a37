// Writes ssr-assets.json beside a remote's browser build: for each exposed module, the stylesheets
// and scripts of its chunk group. The host's server puts them in the HTML head of a page it
// renders with that module (stylesheets so the page is styled at first paint, script preloads so
// the browser fetches them in parallel). The federation manifest's own lists are not precise
// enough: they count every stylesheet of the container, the standalone page's included.
import type { Compiler, RspackPluginInstance } from '@rspack/core';

export const SSR_ASSETS_FILE = 'ssr-assets.json';

/** Exposed module ('./Name') → the files its page needs. */
export type SsrAssets = Record<string, { css: string[]; js: string[] }>;

export class SsrAssetsPlugin implements RspackPluginInstance {
  private readonly names: string[];

  constructor(exposes: Record<string, string>) {
    this.names = Object.keys(exposes).map((key) => key.replace(/^\.\//, ''));
  }

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('SsrAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'SsrAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const assets: SsrAssets = {};
          for (const name of this.names) {
            const group = compilation.namedChunkGroups.get(`__federation_expose_${name}`);
            if (!group) continue;
            const files = group.chunks.flatMap((chunk) => [...chunk.files]);
            assets[`./${name}`] = {
              css: files.filter((f) => f.endsWith('.css')),
              js: files.filter((f) => f.endsWith('.js')),
            };
          }
          compilation.emitAsset(SSR_ASSETS_FILE, new sources.RawSource(JSON.stringify(assets, null, 2)));
        },
      );
    });
  }
}
