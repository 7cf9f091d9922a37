// Renders the home carousel's slide art (SVG laptop illustrations) to WebP at two widths.
// Run once after changing the art: node remote-catalog/scripts/make-slides.mjs
// The outputs are committed; sharp is borrowed from the API package, which depends on it.
import { createRequire } from 'node:module';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

const sharp = createRequire(path.join(import.meta.dirname, '../../api/package.json'))('sharp');
const outDir = path.join(import.meta.dirname, '../src/features/home/assets');

const slides = [
  {
    name: 'slide-1',
    from: '#1e1b4b',
    to: '#4f46e5',
    screenFrom: '#c7d2fe',
    screenTo: '#818cf8',
    art: 'logo',
  },
  {
    name: 'slide-2',
    from: '#082f49',
    to: '#0369a1',
    screenFrom: '#e0f2fe',
    screenTo: '#7dd3fc',
    art: 'charts',
  },
  {
    name: 'slide-3',
    from: '#2e1065',
    to: '#be185d',
    screenFrom: '#f9a8d4',
    screenTo: '#7c3aed',
    art: 'game',
  },
  { name: 'slide-4', from: '#022c22', to: '#047857', screenFrom: '#d1fae5', screenTo: '#34d399', art: 'tag' },
];

const screenArt = {
  logo: `<circle cx="0" cy="-10" r="62" fill="#fff" opacity="0.9"/><circle cx="22" cy="-36" r="20" fill="url(#scr)"/>
    <rect x="-120" y="80" width="240" height="14" rx="7" fill="#fff" opacity="0.55"/>`,
  charts: `<rect x="-200" y="-110" width="400" height="26" rx="6" fill="#fff" opacity="0.8"/>
    ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${-190 + i * 66}" y="${90 - (40 + ((i * 37) % 110))}" width="44" height="${40 + ((i * 37) % 110)}" rx="6" fill="#0c4a6e" opacity="${0.45 + i * 0.08}"/>`).join('')}
    <rect x="-200" y="100" width="400" height="4" rx="2" fill="#0c4a6e" opacity="0.5"/>`,
  game: `<path d="M-230 110 L-110 -40 L-40 40 L40 -90 L230 110 Z" fill="#1e1b4b" opacity="0.75"/>
    <circle cx="130" cy="-70" r="34" fill="#fde68a"/>
    <rect x="-210" y="-118" width="90" height="14" rx="7" fill="#fff" opacity="0.7"/>
    <rect x="150" y="-118" width="60" height="14" rx="7" fill="#fff" opacity="0.7"/>`,
  tag: `<g transform="rotate(-12)"><path d="M-150 -60 H90 L150 0 L90 60 H-150 Z" fill="#fff" opacity="0.92"/>
    <circle cx="88" cy="0" r="12" fill="url(#scr)"/>
    <rect x="-120" y="-18" width="150" height="14" rx="7" fill="#065f46"/><rect x="-120" y="8" width="100" height="12" rx="6" fill="#065f46" opacity="0.5"/></g>`,
};

function slideSvg({ from, to, screenFrom, screenTo, art }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="640" viewBox="0 0 1600 640">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="0.6"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <linearGradient id="scr" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${screenFrom}"/><stop offset="1" stop-color="${screenTo}"/></linearGradient>
    <linearGradient id="base" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e5e7eb"/><stop offset="1" stop-color="#9ca3af"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
    <pattern id="dots" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="2" fill="#fff" opacity="0.08"/></pattern>
  </defs>
  <rect width="1600" height="640" fill="url(#bg)"/>
  <rect width="1600" height="640" fill="url(#dots)"/>
  <circle cx="1180" cy="300" r="330" fill="url(#glow)"/>
  <circle cx="1480" cy="60" r="140" fill="#fff" opacity="0.05"/>
  <circle cx="860" cy="600" r="90" fill="#fff" opacity="0.05"/>
  <ellipse cx="1180" cy="560" rx="360" ry="22" fill="#000" opacity="0.25"/>
  <g transform="translate(1180 0)">
    <rect x="-300" y="90" width="600" height="380" rx="22" fill="#111827"/>
    <rect x="-280" y="110" width="560" height="340" rx="8" fill="url(#scr)"/>
    <circle cx="0" cy="100" r="4" fill="#374151"/>
    <g transform="translate(0 280)">${screenArt[art]}</g>
    <path d="M-360 470 H360 L400 538 Q402 552 388 552 H-388 Q-402 552 -400 538 Z" fill="url(#base)"/>
    <rect x="-80" y="478" width="160" height="12" rx="6" fill="#6b7280" opacity="0.6"/>
  </g>
</svg>`;
}

for (const slide of slides) {
  const svg = Buffer.from(slideSvg(slide));
  await writeFile(path.join(outDir, `${slide.name}.svg`), svg);
  for (const width of [800, 1600]) {
    const webp = await sharp(svg, { density: 72 * (width / 1600) * 2 })
      .resize(width, Math.round((width * 640) / 1600))
      .webp({ quality: 78 })
      .toBuffer();
    await writeFile(path.join(outDir, `${slide.name}-${width}.webp`), webp);
    console.log(`${slide.name}-${width}.webp`, webp.length, 'bytes');
  }
}
