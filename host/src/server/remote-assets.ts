import type { RemotesManifest } from '@/lib/federation/remote-registry';

/** ssr-assets.json beside a remote's manifest (tools/build-config/src/ssr-assets-plugin.ts). */
type SsrAssets = Record<string, { css: string[]; js: string[] }>;

/** Each worker serves one set of releases, so each file is read once. */
const files = new Map<string, Promise<unknown>>();

function readJson<T>(url: string): Promise<T | null> {
  let file = files.get(url);
  if (!file) {
    file = fetch(url, { signal: AbortSignal.timeout(1000) })
      .then((res) => (res.ok ? (res.json() as Promise<unknown>) : null))
      .catch(() => null);
    files.set(url, file);
    // A remote that was down is asked again next time.
    void file.then((data) => data ?? files.delete(url));
  }
  return file as Promise<T | null>;
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Head tags for a remote page: its stylesheets, so the server-rendered HTML is styled at first paint. */
export async function remoteHeadTags(
  remotes: RemotesManifest,
  used: { name: string; exposed: string }[],
): Promise<string> {
  const tags: string[] = [];
  for (const { name, exposed } of used) {
    const url = remotes[name];
    if (!url) continue;
    const base = new URL('./', url);
    const expose = (await readJson<SsrAssets>(new URL('ssr-assets.json', base).href))?.[exposed];
    if (!expose) continue;
    const href = (file: string) => escapeAttr(new URL(file, base).href);
    for (const css of expose.css) tags.push(`<link rel="stylesheet" href="${href(css)}">`);
    // Its scripts are not preloaded here: on a slow phone network they would share the bandwidth
    // with the page's largest image, and the page is readable before they arrive.
  }
  return [...new Set(tags)].join('');
}
