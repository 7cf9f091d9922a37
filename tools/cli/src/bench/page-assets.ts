// The JS and CSS files one page load fetches from our servers, each with its package and its size
// as decoded and as it came over the wire. The bench's transfer count (transfer.ts) and the byte
// budget in the browser journeys (e2e/tests/byte-budget.spec.ts) both count with it, so the two
// always agree on what a page costs.
import type { Page, Response } from '@playwright/test';
import type { Ports } from 'web-server/ports';

/** Port (as a string, as URL gives it) → the package our server on it serves. */
export type PackageOfPort = Record<string, string>;

export type AssetType = 'js' | 'css';

export interface SizedFile {
  pkg: string;
  type: AssetType;
  urlPath: string;
  raw: number;
  compressed: number;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const NOT_NETWORK = new Set(['data:', 'blob:', 'about:', 'chrome-extension:']);

/** Our servers by port: which package a file came from, and what counts as a foreign request. */
export function packagesByPort(ports: Ports): PackageOfPort {
  return {
    [ports.host]: 'host',
    [ports.catalog]: 'catalog',
    [ports.dashboard]: 'dashboard',
    [ports.checkout]: 'checkout',
    [ports.api]: 'api',
    [ports.authEmulator]: 'auth-emulator',
  };
}

/** A request that leaves this machine's stack: another host, or localhost on a port not ours. */
export function isForeign(url: string, packageOfPort: PackageOfPort): boolean {
  const { protocol, hostname, port } = new URL(url);
  if (NOT_NETWORK.has(protocol)) return false;
  return !LOCAL_HOSTS.has(hostname) || !(port in packageOfPort);
}

function assetType(contentType: string): AssetType | null {
  if (/javascript/.test(contentType)) return 'js';
  if (/text\/css/.test(contentType)) return 'css';
  return null;
}

/**
 * Starts counting the JS and CSS `page` receives from now on: `raw` as decoded, `compressed` as
 * the body came over the wire (brotli or gzip; headers not counted). The returned function gives
 * the files once the load is done.
 */
export function recordAssets(page: Page, packageOfPort: PackageOfPort): () => Promise<SizedFile[]> {
  const sizing: Promise<SizedFile | null>[] = [];
  page.on('response', (response) => {
    const type = assetType(response.headers()['content-type'] ?? '');
    if (type) sizing.push(sizeOf(response, type, packageOfPort));
  });
  return async () => (await Promise.all(sizing)).filter((row): row is SizedFile => row !== null);
}

async function sizeOf(
  response: Response,
  type: AssetType,
  packageOfPort: PackageOfPort,
): Promise<SizedFile | null> {
  try {
    const body = await response.body();
    const sizes = await response.request().sizes();
    const pkg = packageOfPort[new URL(response.url()).port] ?? 'other';
    const urlPath = new URL(response.url()).pathname;
    return { pkg, type, urlPath, raw: body.length, compressed: sizes.responseBodySize };
  } catch {
    return null; // redirected, aborted or evicted: nothing was used from it
  }
}
