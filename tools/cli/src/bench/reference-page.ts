// The reference page: what the fastest possible home page would get on this machine, measured in
// the same run with the same settings. The home page's hero art in the same markup (srcset, sizes,
// width and height, filling the width), a few lines of text, no script, served by the host's own
// static server. Each page's LCP divided by this one's is far steadier than raw milliseconds on a
// shared machine whose speed changes from one minute to the next.
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  mkdirSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { repoRoot } from 'web-server/runtime-config';

const REFERENCE_DIR_URL = '/bench-reference/';
/** An explicit file: the host's server renders or shells paths without an extension. */
export const REFERENCE_PATH = `${REFERENCE_DIR_URL}index.html`;
const referenceDir = path.join(repoRoot, 'host', 'dist', 'bench-reference');
const catalogAssets = path.join(repoRoot, 'remote-catalog', 'dist', 'assets');
const slideSources = path.join(repoRoot, 'remote-catalog', 'src', 'features', 'home', 'assets');

/**
 * The URL of one rendition of the first slide as the built catalog uses it: a hashed file in
 * dist/assets, or, when the bundler inlined it (assets under 8 KB become data: URLs), the same
 * bytes as a data: URL, so the reference pays exactly what the real hero pays for it.
 */
function slideUrl(width: number): string {
  const built = readdirSync(catalogAssets).find((f) =>
    new RegExp(`^slide-1-${width}\\.[0-9a-f]+\\.webp$`).test(f),
  );
  if (built) {
    copyFileSync(path.join(catalogAssets, built), path.join(referenceDir, built));
    return `${REFERENCE_DIR_URL}${built}`;
  }
  const source = path.join(slideSources, `slide-1-${width}.webp`);
  return `data:image/webp;base64,${readFileSync(source).toString('base64')}`;
}

// The hero's sizes and box come from remote-catalog/src/features/home/components/slides.ts and
// HeroCarousel.module.css: full width, 420 px tall on phones, the 1600×640 art cropped to cover.
const page = ({ small, large }: { small: string; large: string }) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>SecondByte bench reference</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; color: #1a1b1e; }
  main { padding: 16px; }
  .hero { position: relative; height: 420px; border-radius: 16px; overflow: hidden; background: #1e1b4b; }
  @media (min-width: 48em) { .hero { height: auto; aspect-ratio: 1600 / 640; } }
  .hero img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; object-position: 78% center; }
</style>
</head>
<body>
<main>
  <div class="hero">
    <img srcset="${small} 800w, ${large} 1600w" sizes="(min-width: 1320px) 1288px, 100vw" src="${large}"
      width="1600" height="640" alt="An open laptop on an indigo background" fetchpriority="high">
  </div>
  <h1>Premium laptops at second-hand prices</h1>
  <p>MacBooks, XPS, ThinkPads and more from sellers near you, each with its condition and years of
  use spelled out. This page is the bench's reference: the home page's hero image and no script.</p>
</main>
</body>
</html>
`;

/** Writes the page into the host's build, where the host's static server serves it. */
export function writeReferencePage() {
  if (!existsSync(catalogAssets)) throw new Error('remote-catalog/dist is missing: run without --no-build');
  rmSync(referenceDir, { recursive: true, force: true });
  mkdirSync(referenceDir, { recursive: true });
  writeFileSync(path.join(referenceDir, 'index.html'), page({ small: slideUrl(800), large: slideUrl(1600) }));
}

export function removeReferencePage() {
  rmSync(referenceDir, { recursive: true, force: true });
}
