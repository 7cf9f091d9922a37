import type { RemotesManifest } from '../app/remotes/remote-registry';

interface ManifestAssets {
  js: { sync: string[]; async: string[] };
  css: { sync: string[]; async: string[] };
}

interface BrowserManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { name: string; path: string; assets: ManifestAssets }[];
}

/** Each worker serves one set of releases, so each manifest is read once. */
const manifests = new Map<string, Promise<BrowserManifest | null>>();

function manifestOf(url: string): Promise<BrowserManifest | null> {
  let manifest = manifests.get(url);
  if (!manifest) {
    manifest = fetch(url, { signal: AbortSignal.timeout(1000) })
      .then((res) => (res.ok ? (res.json() as Promise<BrowserManifest>) : null))
      .catch(() => null);
    manifests.set(url, manifest);
    // A remote that was down is asked again next time.
    void manifest.then((m) => m ?? manifests.delete(url));
  }
  return manifest;
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Head tags for a remote page: its stylesheets (render-blocking, so the server-rendered HTML is
 * styled at first paint) and preloads of its scripts (so the browser fetches them beside the
 * host's instead of one after another through the federation runtime).
 */
export async function remoteHeadTags(
  remotes: RemotesManifest,
  used: { name: string; exposed: string }[],
): Promise<string> {
  const tags: string[] = [];
  for (const { name, exposed } of used) {
    const url = remotes[name];
    if (!url) continue;
    const manifest = await manifestOf(url);
    const expose = manifest?.exposes.find((e) => `./${e.name}` === exposed || e.path === exposed);
    if (!manifest || !expose) continue;
    const base = new URL('./', url);
    const href = (file: string) => escapeAttr(new URL(file, base).href);
    for (const css of [...expose.assets.css.sync, ...expose.assets.css.async]) {
      tags.push(`<link rel="stylesheet" href="${href(css)}">`);
    }
    const entry = `${manifest.metaData.remoteEntry.path}${manifest.metaData.remoteEntry.name}`;
    for (const js of [entry, ...expose.assets.js.sync]) {
      tags.push(`<link rel="preload" as="script" href="${href(js)}">`);
    }
  }
  return [...new Set(tags)].join('');
}
