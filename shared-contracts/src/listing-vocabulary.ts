/**
 * The words a laptop listing is described and searched with: condition grades, spec choices, CPU
 * lines, search sorts. Plain values and pure functions only, no zod: the catalog remote imports
 * this module at run time (docs/decisions/0016-first-load-budget.md), the schemas in products.ts
 * and search.ts are built from it. docs/product.md#laptop-specs states the rules in prose.
 */

export const Conditions = ['Excellent', 'Good', 'Fair'] as const;
export type Condition = (typeof Conditions)[number];

/** What each grade promises, in appearance and in function (shown in the form and on details). */
export const CONDITION_DEFINITIONS: Record<Condition, { appearance: string; function: string }> = {
  Excellent: {
    appearance: 'Looks nearly new: no scratches visible from 20 cm, no dents, screen without marks.',
    function: 'Everything works: keyboard, trackpad, ports, camera, speakers, Wi-Fi and charging.',
  },
  Good: {
    appearance: 'Light signs of use: small scratches or scuffs on the body, none on the screen.',
    function: 'Everything works; the battery may hold noticeably less than when new.',
  },
  Fair: {
    appearance: 'Clearly used: visible scratches, scuffs or small dents; the screen may show light marks.',
    function: 'Works for everyday use; the seller lists any part that does not work in the description.',
  },
};

/**
 * The same promises in Bangla, shared like the English ones so the seller's form and the buyer's
 * details page say exactly the same words (docs/product.md#languages-and-money).
 */
export const CONDITION_DEFINITIONS_BN: Record<Condition, { appearance: string; function: string }> = {
  Excellent: {
    appearance: 'প্রায় নতুনের মতো: ২০ সেমি দূর থেকে কোনো দাগ চোখে পড়ে না, টোল নেই, স্ক্রিনে কোনো দাগ নেই।',
    function: 'সবকিছু চলে: কিবোর্ড, ট্র্যাকপ্যাড, পোর্ট, ক্যামেরা, স্পিকার, ওয়াই-ফাই ও চার্জিং।',
  },
  Good: {
    appearance: 'ব্যবহারের হালকা চিহ্ন: বডিতে ছোট আঁচড় বা ঘষা, স্ক্রিনে নেই।',
    function: 'সবকিছু চলে; ব্যাটারির চার্জ নতুন অবস্থার চেয়ে বেশ কম থাকতে পারে।',
  },
  Fair: {
    appearance: 'স্পষ্টতই ব্যবহৃত: চোখে পড়ার মতো আঁচড়, ঘষা বা ছোট টোল; স্ক্রিনে হালকা দাগ থাকতে পারে।',
    function: 'প্রতিদিনের কাজে চলে; কোনো অংশ কাজ না করলে বিক্রেতা বিবরণে তা লিখে দেন।',
  },
};

export const StorageTypes = ['SSD', 'HDD'] as const;
export type StorageType = (typeof StorageTypes)[number];

export const OperatingSystems = ['Windows 11', 'Windows 10', 'macOS', 'ChromeOS', 'Linux', 'None'] as const;
export type OperatingSystem = (typeof OperatingSystems)[number];

/** How the battery health figure was read; a figure without a source is not accepted. */
export const BatteryHealthSources = ['os-report', 'diagnostic-tool', 'seller-estimate'] as const;
export type BatteryHealthSource = (typeof BatteryHealthSources)[number];
export const BATTERY_SOURCE_LABELS: Record<BatteryHealthSource, string> = {
  'os-report': "The operating system's battery report",
  'diagnostic-tool': 'A diagnostic tool',
  'seller-estimate': "The seller's estimate",
};

export const RAM_CHOICES_GB = [2, 4, 8, 12, 16, 24, 32, 64, 96, 128] as const;
export const STORAGE_CHOICES_GB = [64, 128, 256, 500, 512, 1000, 1024, 2000, 2048, 4096] as const;
export const RESOLUTION_CHOICES = [
  '1366x768',
  '1600x900',
  '1920x1080',
  '1920x1200',
  '2560x1440',
  '2560x1600',
  '2880x1800',
  '3024x1964',
  '3456x2234',
  '3840x2160',
] as const;

export const SPEC_LIMITS = {
  ramGb: { min: 1, max: 256 },
  storageGb: { min: 16, max: 16_384 },
  screenInches: { min: 10, max: 19 },
  batteryHealthPercent: { min: 1, max: 100 },
  warrantyMonths: { min: 0, max: 60 },
  /** Processor and graphics: free text, checked by length alone. */
  specText: { min: 2, max: 80 },
} as const;

export const MAX_PHOTOS = 6;

/**
 * CPU lines a buyer filters by. The key is stored with the listing; `normaliseCpu` derives it (and
 * a readable family name) from whatever the seller typed.
 */
export const CpuLines = [
  'intel-core-i3',
  'intel-core-i5',
  'intel-core-i7',
  'intel-core-i9',
  'intel-core-ultra',
  'intel-other',
  'amd-ryzen-3',
  'amd-ryzen-5',
  'amd-ryzen-7',
  'amd-ryzen-9',
  'amd-other',
  'apple-m1',
  'apple-m2',
  'apple-m3',
  'apple-m4',
  'other',
] as const;
export type CpuLine = (typeof CpuLines)[number];
export const CPU_LINE_LABELS: Record<CpuLine, string> = {
  'intel-core-i3': 'Intel Core i3',
  'intel-core-i5': 'Intel Core i5',
  'intel-core-i7': 'Intel Core i7',
  'intel-core-i9': 'Intel Core i9',
  'intel-core-ultra': 'Intel Core Ultra',
  'intel-other': 'Other Intel',
  'amd-ryzen-3': 'AMD Ryzen 3',
  'amd-ryzen-5': 'AMD Ryzen 5',
  'amd-ryzen-7': 'AMD Ryzen 7',
  'amd-ryzen-9': 'AMD Ryzen 9',
  'amd-other': 'Other AMD',
  'apple-m1': 'Apple M1',
  'apple-m2': 'Apple M2',
  'apple-m3': 'Apple M3',
  'apple-m4': 'Apple M4',
  other: 'Other processor',
};

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/**
 * 'Intel Core i5-1135G7' → { line: 'intel-core-i5', family: 'Intel Core i5 11th gen' };
 * 'Apple M1 Pro' → 'Apple M1 Pro'; 'AMD Ryzen 7 5800H' → 'AMD Ryzen 7 5800H'. Unknown text keeps
 * the seller's words as the family and the line 'other'.
 */
export function normaliseCpu(input: string): { line: CpuLine; family: string } {
  const text = input.trim().replace(/\s+/g, ' ');
  const lower = text.toLowerCase();
  const apple = /\b(?:apple\s+)?m([1-4])(?:\s+(pro|max|ultra))?\b/.exec(lower);
  if (apple && (lower.includes('apple') || /^m[1-4]\b/.test(lower))) {
    const variant = apple[2] ? ` ${apple[2][0]!.toUpperCase()}${apple[2].slice(1)}` : '';
    return { line: `apple-m${apple[1]}` as CpuLine, family: `Apple M${apple[1]}${variant}` };
  }
  const ultra = /\bcore\s+ultra\s+([579])\b/.exec(lower);
  if (ultra) return { line: 'intel-core-ultra', family: `Intel Core Ultra ${ultra[1]}` };
  const core = /\b(?:core\s*)?i([3579])[\s-]*(\d{4,5})?/.exec(lower);
  if (core && (lower.includes('intel') || lower.includes('core') || /^i[3579]\b/.test(lower))) {
    const tier = core[1]!;
    const model = core[2];
    // Model numbers: 8350 → 8th gen, 1135 → 11th gen, 12700 → 12th gen, 13420 → 13th gen.
    let generation: number | null = null;
    if (model)
      generation = model.length === 5 || model.startsWith('1') ? Number(model.slice(0, 2)) : Number(model[0]);
    const gen = generation && generation >= 2 && generation <= 14 ? ` ${ordinal(generation)} gen` : '';
    return { line: `intel-core-i${tier}` as CpuLine, family: `Intel Core i${tier}${gen}` };
  }
  const ryzen = /\bryzen\s+([3579])(?:\s+(?:pro\s+)?(\d{4}[a-z]{0,2}))?/.exec(lower);
  if (ryzen) {
    const model = ryzen[2] ? ` ${ryzen[2].toUpperCase()}` : '';
    return { line: `amd-ryzen-${ryzen[1]}` as CpuLine, family: `AMD Ryzen ${ryzen[1]}${model}` };
  }
  if (lower.includes('intel')) return { line: 'intel-other', family: text };
  if (lower.includes('amd')) return { line: 'amd-other', family: text };
  return { line: 'other', family: text };
}

/** '1920x1080' → 'Full HD (1920 × 1080)'. */
export function describeResolution(resolution: string): string {
  const names: Record<string, string> = {
    '1366x768': 'HD',
    '1600x900': 'HD+',
    '1920x1080': 'Full HD',
    '1920x1200': 'WUXGA',
    '2560x1440': 'QHD',
    '2560x1600': 'WQXGA',
    '3840x2160': '4K UHD',
  };
  const [w, h] = resolution.split('x');
  const size = `${w} × ${h}`;
  return names[resolution] ? `${names[resolution]} (${size})` : size;
}

/** 512 → '512 GB', 1024 → '1 TB', 1000 → '1 TB'. */
export function formatStorage(gb: number): string {
  if (gb >= 1000 && (gb % 1024 === 0 || gb % 1000 === 0))
    return `${gb % 1024 === 0 ? gb / 1024 : gb / 1000} TB`;
  return `${gb} GB`;
}

// ---- Search ----------------------------------------------------------------------------------

export const SearchSorts = ['relevance', 'newest', 'price-asc', 'price-desc'] as const;
export type SearchSort = (typeof SearchSorts)[number];
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  newest: 'Newest first',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
};
export const SEARCH_PAGE_SIZE = 24;
export const MAX_SEARCH_QUERY_LENGTH = 100;
/** Totals up to this are counted exactly; above it the planner's estimate is shown as 'about N'. */
export const EXACT_TOTAL_LIMIT = 1_000;
