import sharp from 'sharp';
import type { Database } from '../db/index';
import { imageFileNames, storedImageNames, storeImageWithVariants } from '../lib/image-store';
import { PLACEHOLDER_IMAGE_PATH } from '../lib/http';

const brandColors: Record<string, [string, string]> = {
  Dell: ['#0b6fb8', '#5fb4ef'],
  HP: ['#1a3c8f', '#4f7de3'],
  Lenovo: ['#b3001b', '#ff5a6e'],
  Apple: ['#52575e', '#b8bec6'],
  Asus: ['#0f5e53', '#3fc2a9'],
};

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An SVG laptop illustration (brand colours, model name on the screen) rendered to WebP. */
export function laptopSvg(brand: string, model: string, variant: number): string {
  const [dark, light] = brandColors[brand] ?? ['#333', '#999'];
  const tilt = (variant % 3) * 6;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f8f9fa"/><stop offset="1" stop-color="#e9ecef"/></linearGradient>
    <linearGradient id="scr" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient>
  </defs>
  <rect width="800" height="600" fill="url(#bg)"/>
  <ellipse cx="400" cy="520" rx="320" ry="26" fill="#000" opacity="0.08"/>
  <rect x="150" y="${90 + tilt}" width="500" height="${320 - tilt}" rx="18" fill="#212529"/>
  <rect x="168" y="${108 + tilt}" width="464" height="${284 - tilt}" rx="6" fill="url(#scr)"/>
  <circle cx="400" cy="${99 + tilt}" r="4" fill="#495057"/>
  <text x="400" y="${235 + tilt / 2}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="56" font-weight="700" fill="#fff">${escapeXml(brand)}</text>
  <text x="400" y="${290 + tilt / 2}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="24" fill="#fff" opacity="0.9">${escapeXml(model)}</text>
  <path d="M100 410 H700 L750 480 Q752 492 740 492 H60 Q48 492 50 480 Z" fill="#ced4da"/>
  <rect x="330" y="420" width="140" height="12" rx="6" fill="#adb5bd"/>
  <rect x="50" y="486" width="700" height="8" rx="4" fill="#868e96"/>
</svg>`;
}

/** Renders one seed image into the image store with its width variants (kept when already there). */
export async function writeSeedImage(
  db: Database,
  fileName: string,
  brand: string,
  model: string,
  variant: number,
) {
  const names = imageFileNames(fileName);
  const stored = await storedImageNames(db, names);
  if (names.every((name) => stored.has(name))) return;
  const webp = await sharp(Buffer.from(laptopSvg(brand, model, variant)))
    .webp({ quality: 82 })
    .toBuffer();
  await storeImageWithVariants(db, fileName, webp);
}

/** What a listing or profile whose stored image is not ours shows instead (docs/product.md#photos). */
export const PLACEHOLDER_IMAGE_FILE = PLACEHOLDER_IMAGE_PATH.slice('images/'.length);

export function placeholderSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <rect width="800" height="600" fill="#e9ecef"/>
  <rect x="290" y="210" width="220" height="160" rx="16" fill="none" stroke="#adb5bd" stroke-width="14"/>
  <circle cx="350" cy="265" r="20" fill="#adb5bd"/>
  <path d="M305 355 L380 290 L430 330 L460 305 L495 355 Z" fill="#adb5bd"/>
  <text x="400" y="430" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#868e96">No photo</text>
</svg>`;
}

export async function writePlaceholderImage(db: Database) {
  const names = imageFileNames(PLACEHOLDER_IMAGE_FILE);
  const stored = await storedImageNames(db, names);
  if (names.every((name) => stored.has(name))) return;
  const webp = await sharp(Buffer.from(placeholderSvg())).webp({ quality: 82 }).toBuffer();
  await storeImageWithVariants(db, PLACEHOLDER_IMAGE_FILE, webp);
}
