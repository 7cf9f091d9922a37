import {
  normaliseCpu,
  SPEC_LIMITS,
  type CpuLine,
  type StorageType,
} from 'shared-contracts/listing-vocabulary';
import type { ReadSpecs } from 'shared-contracts/products';
import { normaliseSearchText } from '../search/search-vocabulary';

/**
 * Reads a laptop's processor, memory, storage and screen from a listing's name and description
 * ('Dell XPS 13 i7 16GB 512GB SSD 13.3"'), for a listing posted without specs
 * (docs/product.md#laptop-specs). What it cannot read with confidence stays null: an unknown is
 * shown and filtered as unknown, never as a guess or a zero.
 */

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Sellers write sizes in Bangla digits too ('১৬ জিবি'); the rules below read Latin ones. */
function latinDigits(text: string): string {
  return text.replace(/[০-৯]/g, (d) => String(BANGLA_DIGITS.indexOf(d)));
}

/** Bangla unit words as the English ones, so '৮ জিবি র‍্যাম' reads as '8 gb ram'. */
const BANGLA_UNITS: readonly (readonly [RegExp, string])[] = [
  [/জিবি/g, 'gb'],
  [/টিবি/g, 'tb'],
  [/র[\u200d]?্যাম/g, 'ram'],
  [/ইঞ্চি/g, ' inch'],
];

function prepare(text: string): string {
  let prepared = latinDigits(text);
  for (const [pattern, latin] of BANGLA_UNITS) prepared = prepared.replace(pattern, latin);
  // The search's spelling rules: '16 GB' → '16gb', 'corei7' → 'core i7', '512gbssd' → '512gb ssd'.
  return normaliseSearchText(prepared);
}

// A processor as sellers name it; normaliseCpu turns the words into a line and family.
const CPU_PATTERNS = [
  /\bcore\s+ultra\s+[579]\b/,
  /\b(?:intel\s+)?(?:core\s+)?i[3579](?:[\s-]*\d{4,5}[a-z0-9]{0,3})?\b/,
  /\b(?:amd\s+)?ryzen\s+[3579](?:\s+(?:pro\s+)?\d{4}[a-z]{0,2})?\b/,
  /\b(?:apple\s+)?m[1-4](?:\s+(?:pro|max|ultra))?\b/,
];

function readProcessor(text: string): { processor: string; cpuFamily: string; cpuLine: CpuLine } | null {
  for (const pattern of CPU_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const words = match[0];
    // A bare 'm2' is as often an SSD slot as a chip: only with 'apple' or 'macbook' beside it.
    if (/^m[1-4]/.test(words) && !/\b(apple|macbook|mac)\b/.test(text)) continue;
    // A bare 'i5' needs no brand to be read ('Dell i5 8GB'), but normaliseCpu wants 'core'.
    const cpu = normaliseCpu(/^i[3579]/.test(words) ? `core ${words}` : words);
    if (cpu.line === 'other') continue;
    return { processor: cpu.family, cpuFamily: cpu.family, cpuLine: cpu.line };
  }
  return null;
}

interface Size {
  gb: number;
  /** What the words beside the size say it is. */
  kind: 'ram' | 'storage' | null;
  storageType: StorageType | null;
}

const RAM_WORDS = /^(ram|memory|ddr[3-5]x?|lpddr[3-5]x?)\b/;
const STORAGE_WORDS = /^(ssd|nvme|hdd|emmc|storage|rom|hard)\b/;

function readSizes(text: string): Size[] {
  const sizes: Size[] = [];
  for (const match of text.matchAll(/\b(\d{1,5})(gb|tb)\b/g)) {
    const gb = Number(match[1]) * (match[2] === 'tb' ? 1024 : 1);
    const after = text.slice(match.index + match[0].length).trimStart();
    const before = text.slice(0, match.index).trimEnd();
    const next = /^[a-z0-9]+/.exec(after)?.[0] ?? '';
    const previous = /[a-z0-9]+$/.exec(before)?.[0] ?? '';
    // The word after a size names it ('16gb ram 512gb ssd'); the word before only when the
    // one after says nothing ('ram 16gb'), since 'ram' there may belong to the size before.
    const kindOf = (word: string): Size['kind'] =>
      RAM_WORDS.test(word) ? 'ram' : STORAGE_WORDS.test(word) ? 'storage' : null;
    const kind = kindOf(next) ?? kindOf(previous);
    const typeWord = kindOf(next) ? next : previous;
    const storageType: StorageType | null = /^(ssd|nvme)/.test(typeWord)
      ? 'SSD'
      : typeWord === 'hdd'
        ? 'HDD'
        : null;
    sizes.push({ gb, kind, storageType });
  }
  return sizes;
}

const within = (value: number, limits: { min: number; max: number }) =>
  value >= limits.min && value <= limits.max;

function readMemoryAndStorage(text: string) {
  const sizes = readSizes(text);
  let storage = sizes.find((s) => s.kind === 'storage') ?? null;
  let ram = sizes.find((s) => s.kind === 'ram') ?? null;
  const unnamed = sizes.filter((s) => s.kind === null);
  // Sizes without a word beside them: laptops carry far less memory than storage, so in
  // '16GB 512GB' the smaller is the memory and the larger the storage, when they differ enough.
  if (!ram && !storage && unnamed.length === 2) {
    const [small, large] = [...unnamed].sort((a, b) => a.gb - b.gb) as [Size, Size];
    if (large.gb >= small.gb * 4) [ram, storage] = [small, large];
  } else if (ram && !storage && unnamed.length === 1 && unnamed[0]!.gb > ram.gb) storage = unnamed[0]!;
  else if (storage && !ram && unnamed.length === 1 && unnamed[0]!.gb < storage.gb) ram = unnamed[0]!;
  const ramGb = ram && within(ram.gb, SPEC_LIMITS.ramGb) ? ram.gb : null;
  const storageGb = storage && within(storage.gb, SPEC_LIMITS.storageGb) ? storage.gb : null;
  return { ramGb, storageGb, storageType: storageGb === null ? null : (storage?.storageType ?? null) };
}

function readScreen(text: string): number | null {
  // Only a size written as one: 13.3", 15.6 inch, 14-inch. 'XPS 13' names a model, not a screen.
  const match = /\b(\d{2}(?:\.\d)?)\s*(?:"|”|''|-?\s*inch(?:es)?\b|in\b)/.exec(text);
  if (!match) return null;
  const inches = Number(match[1]);
  return within(inches, SPEC_LIMITS.screenInches) ? inches : null;
}

/** The specs the name says, then what the description adds: the name is the seller's headline. */
export function readSpecsFromText(name: string, description: string): ReadSpecs {
  const sources = [prepare(name), prepare(description)];
  const first = <T>(read: (text: string) => T | null): T | null => {
    for (const text of sources) {
      const value = read(text);
      if (value !== null) return value;
    }
    return null;
  };
  const cpu = first(readProcessor);
  const screenInches = first(readScreen);
  // Memory and storage come from one text, so a 512 GB in the name and an 8 GB in the
  // description are not paired up as if the seller had written them together.
  const fromName = readMemoryAndStorage(sources[0]!);
  const fromDescription = readMemoryAndStorage(sources[1]!);
  const ramGb = fromName.ramGb ?? fromDescription.ramGb;
  const storage = fromName.storageGb !== null ? fromName : fromDescription;
  return {
    processor: cpu?.processor ?? null,
    cpuFamily: cpu?.cpuFamily ?? null,
    cpuLine: cpu?.cpuLine ?? null,
    ramGb,
    storageGb: storage.storageGb,
    storageType: storage.storageType,
    screenInches,
  };
}
