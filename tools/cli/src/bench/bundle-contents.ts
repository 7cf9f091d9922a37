// What a page's JavaScript is made of: each file it loaded, read back from its package's build
// with its source map (source-map-explorer), its minified bytes summed per npm package (or per
// workspace package for our own code). The bench prints the largest, so the next byte to cut is
// named by measurement rather than guessed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { explore } from 'source-map-explorer';
import { repoRoot } from 'web-server/runtime-config';
import { WEB_PACKAGES } from '../stack.ts';

/**
 * `webpack://catalog/../node_modules/.pnpm/x@1/node_modules/@scope/name/esm/a.mjs` → `@scope/name`;
 * `webpack://host/../runtime-kernel/src/a.ts` → `runtime-kernel`; `webpack://host/./src/a.ts` → `host: own code`.
 */
export function ownerOf(source: string, pkg: string): string {
  // Minified bytes the map gives no source for (module wrappers, generated glue).
  if (source === '[no source]') return `${pkg}: no source in the map`;
  if (/webpack\/runtime|rspack-mf-runtime/.test(source)) return `${pkg}: bundler and federation runtime`;
  const parts = source.split('node_modules/');
  if (parts.length > 1) {
    const [scope = '', name = ''] = (parts.at(-1) ?? '').split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  // A workspace package bundled into this one (runtime-kernel, shared-contracts…).
  const workspace = /\.\.\/((?:shared|remote)-[\w-]+|runtime-kernel)\//.exec(source);
  return workspace?.[1] ?? `${pkg}: own code`;
}

/** Minified bytes per owner, largest first, of the JS files a page load fetched. */
export async function bundleContents(
  scripts: readonly { pkg: string; urlPath: string }[],
): Promise<{ owner: string; bytes: number }[]> {
  const bytes = new Map<string, number>();
  for (const { pkg, urlPath } of scripts) {
    const folder = WEB_PACKAGES[pkg];
    if (!folder) continue;
    const file = path.join(repoRoot, folder, 'dist', urlPath);
    if (!existsSync(file) || !existsSync(`${file}.map`)) continue;
    const result = await explore(
      { code: file, map: `${file}.map` },
      { noRoot: true, onlyMapped: true, noBorderChecks: true },
    );
    for (const bundle of result.bundles) {
      for (const [source, { size }] of Object.entries(bundle.files)) {
        const owner = ownerOf(source, pkg);
        bytes.set(owner, (bytes.get(owner) ?? 0) + size);
      }
    }
  }
  return [...bytes].map(([owner, size]) => ({ owner, bytes: size })).sort((a, b) => b.bytes - a.bytes);
}
