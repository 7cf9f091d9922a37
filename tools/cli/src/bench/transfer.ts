// What one page load costs in JS and CSS per package, and where its requests go. Done in the same
// browser (and so the same session) Lighthouse measures with, as a phone, from an empty cache; it is
// also the page's warm-up load: servers compress and cache each file on its first request.
import { isLiveStream } from '../quiet-network.ts';
import { clearHttpCache, newPhonePage, settle, withPlaywright, type Browser } from './browser.ts';
import {
  isForeign,
  recordAssets,
  type AssetType,
  type PackageOfPort,
  type SizedFile,
} from './page-assets.ts';

interface Sizes {
  raw: number;
  compressed: number;
}
export type PackageBytes = Record<AssetType, Sizes>;

export interface Transfer {
  status: number;
  finalUrl: string;
  packages: Record<string, PackageBytes>;
  scripts: { pkg: string; urlPath: string }[];
  foreign: string[];
  failed: string[];
}

/**
 * Loads `url` once in a phone-sized tab and sums the JS and CSS per package: `raw` as decoded,
 * `compressed` as the body came over the wire (brotli or gzip; headers not counted).
 */
export async function measureTransfer(
  browser: Browser,
  url: string,
  packageOfPort: PackageOfPort,
): Promise<Transfer> {
  await clearHttpCache(browser);
  return withPlaywright(browser, async (context) => {
    const { page } = await newPhonePage(context);
    const foreign = new Set<string>();
    const failed: string[] = [];
    const assets = recordAssets(page, packageOfPort);
    page.on('request', (request) => {
      if (isForeign(request.url(), packageOfPort)) foreign.add(request.url());
    });
    page.on('requestfailed', (request) => {
      // Closing the page aborts the live-events stream, which is not a failed load.
      if (!isLiveStream(request.url())) failed.push(`${request.url()} (${request.failure()?.errorText})`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.url()} (${response.status()})`);
    });
    try {
      const response = await page.goto(url, { timeout: 60_000 });
      // 1 s of quiet, not 0.5: on a busy machine parsing the host's first script alone took longer
      // than 0.5 s, and the count stopped before the page asked for the rest. Firebase, which
      // waits for 3 s after the load event, stays out, as it does in a visitor's first load.
      await settle(page, 1000);
      const rows = await assets();
      return {
        status: response?.status() ?? 0,
        finalUrl: page.url(),
        packages: sumByPackage(rows),
        // Which files, so the bench can read back what they are made of (bundle-contents.ts).
        scripts: rows.filter((r) => r.type === 'js').map(({ pkg, urlPath }) => ({ pkg, urlPath })),
        foreign: [...foreign],
        failed,
      };
    } finally {
      await page.close();
    }
  });
}

function sumByPackage(rows: readonly SizedFile[]): Record<string, PackageBytes> {
  const packages: Record<string, PackageBytes> = {};
  for (const { pkg, type, raw, compressed } of rows) {
    const bytes = (packages[pkg] ??= { js: { raw: 0, compressed: 0 }, css: { raw: 0, compressed: 0 } });
    bytes[type].raw += raw;
    bytes[type].compressed += compressed;
  }
  return packages;
}

export function totals(packages: Record<string, PackageBytes>): PackageBytes {
  const sum = (type: AssetType, kind: keyof Sizes) =>
    Object.values(packages).reduce((n, p) => n + p[type][kind], 0);
  return {
    js: { raw: sum('js', 'raw'), compressed: sum('js', 'compressed') },
    css: { raw: sum('css', 'raw'), compressed: sum('css', 'compressed') },
  };
}
