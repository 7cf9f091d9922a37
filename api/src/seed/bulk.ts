import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { SpecsInput } from 'shared-contracts/products';
import type { Database } from '../db/index';
import { adverts, products, users } from '../db/schema/index';
import { newId } from '../lib/ids';
import { searchKeywords, specColumns } from '../services/products';
import { CATALOG_CACHE_CHANNEL } from '../plugins/catalog-cache';
import { seedCategories } from './catalog';

/**
 * Many realistic listings at once, for load tests and query plans at scale (pnpm --filter api
 * seed:bulk). Deterministic for a given seed number, so two runs measure the same catalogue.
 */

type Brand = (typeof seedCategories)[number]['name'];
interface Model {
  name: string;
  cpus: string[];
  screens: number[];
  years: [number, number];
  /** Typical asking price in dollars for a mid configuration. */
  price: number;
  graphics: string[];
  os: SpecsInput['os'][];
}

/** brand | model | CPUs | screens (") | years | typical price ($) | graphics | system. */
const MODEL_TABLE = `
Dell   | Dell Latitude 7490            | Intel Core i5-8350U; Intel Core i7-8650U                      | 14        | 2018-2020 | 290  | intel                                            | windows
Dell   | Dell Latitude 5420            | Intel Core i5-1145G7; Intel Core i7-1185G7                    | 14        | 2021-2022 | 420  | intel                                            | windows
Dell   | Dell XPS 13 9310              | Intel Core i7-1165G7; Intel Core i5-1135G7                    | 13.4      | 2020-2022 | 650  | Intel Iris Xe                                    | windows
Dell   | Dell XPS 15 9500              | Intel Core i7-10750H; Intel Core i9-10885H                    | 15.6      | 2020-2021 | 900  | NVIDIA GeForce GTX 1650 Ti                       | windows
Dell   | Dell Inspiron 15 3520         | Intel Core i3-1215U; Intel Core i5-1235U                      | 15.6      | 2022-2024 | 330  | intel                                            | windows
Dell   | Dell Vostro 3400              | Intel Core i3-1115G4; Intel Core i5-1135G7                    | 14        | 2020-2022 | 280  | intel                                            | windows
HP     | HP EliteBook 840 G6           | Intel Core i5-8265U; Intel Core i7-8565U                      | 14        | 2019-2020 | 310  | intel                                            | windows
HP     | HP EliteBook 840 G8           | Intel Core i5-1145G7; Intel Core i7-1185G7                    | 14        | 2021-2022 | 520  | Intel Iris Xe                                    | windows
HP     | HP ProBook 450 G8             | Intel Core i5-1135G7; Intel Core i3-1115G4                    | 15.6      | 2021-2022 | 380  | intel                                            | windows
HP     | HP Spectre x360 13            | Intel Core i7-1165G7                                          | 13.3      | 2020-2021 | 700  | Intel Iris Xe                                    | windows
HP     | HP Pavilion 15                | AMD Ryzen 5 5500U; AMD Ryzen 7 5700U; Intel Core i5-1135G7    | 15.6      | 2020-2023 | 360  | AMD Radeon Graphics; Intel Iris Xe               | windows
HP     | HP Victus 16                  | AMD Ryzen 7 5800H; Intel Core i5-11400H                       | 16.1      | 2021-2023 | 640  | NVIDIA GeForce RTX 3050; NVIDIA GeForce RTX 3060 | windows
Lenovo | Lenovo ThinkPad T480          | Intel Core i5-8350U; Intel Core i7-8650U                      | 14        | 2018-2019 | 270  | intel                                            | windows
Lenovo | Lenovo ThinkPad T14 Gen 2     | Intel Core i5-1145G7; AMD Ryzen 5 PRO 5650U; AMD Ryzen 7 PRO 5850U | 14   | 2021-2022 | 560  | Intel Iris Xe; AMD Radeon Graphics               | windows
Lenovo | Lenovo ThinkPad X1 Carbon Gen 9 | Intel Core i7-1165G7; Intel Core i5-1135G7                  | 14        | 2021-2022 | 780  | Intel Iris Xe                                    | windows
Lenovo | Lenovo ThinkPad E14           | AMD Ryzen 5 4500U; Intel Core i5-10210U                       | 14        | 2020-2021 | 330  | AMD Radeon Graphics; Intel UHD Graphics 620      | windows
Lenovo | Lenovo IdeaPad 5 14           | AMD Ryzen 5 5500U; AMD Ryzen 7 5700U                          | 14        | 2021-2023 | 420  | AMD Radeon Graphics                              | windows
Lenovo | Lenovo Legion 5               | AMD Ryzen 7 5800H; AMD Ryzen 5 5600H; Intel Core i7-11800H    | 15.6      | 2021-2023 | 800  | NVIDIA GeForce RTX 3060; NVIDIA GeForce GTX 1650 | windows
Lenovo | Lenovo Yoga Slim 7            | Intel Core Ultra 7 155H; AMD Ryzen 7 7840U                    | 14        | 2023-2025 | 880  | Intel Arc Graphics; AMD Radeon 780M              | windows
Apple  | Apple MacBook Air M1 (2020)   | Apple M1                                                      | 13.3      | 2020-2021 | 560  | Apple 7-core GPU; Apple 8-core GPU               | macOS
Apple  | Apple MacBook Air M2          | Apple M2                                                      | 13.6; 15.3 | 2022-2024 | 820 | Apple 8-core GPU; Apple 10-core GPU              | macOS
Apple  | Apple MacBook Pro 14 M1 Pro   | Apple M1 Pro                                                  | 14.2      | 2021-2022 | 1250 | Apple 14-core GPU; Apple 16-core GPU             | macOS
Apple  | Apple MacBook Pro 16 M3 Max   | Apple M3 Max                                                  | 16.2      | 2023-2024 | 2400 | Apple 30-core GPU; Apple 40-core GPU             | macOS
Apple  | Apple MacBook Pro 13 (2019)   | Intel Core i5-8279U; Intel Core i7-8569U                      | 13.3      | 2019-2020 | 480  | Intel Iris Plus Graphics 655                     | macOS
Apple  | Apple MacBook Air M4          | Apple M4                                                      | 13.6; 15.3 | 2025-2025 | 950 | Apple 10-core GPU                                | macOS
Asus   | Asus ROG Zephyrus G14         | AMD Ryzen 9 5900HS; AMD Ryzen 7 6800HS                        | 14        | 2021-2023 | 980  | NVIDIA GeForce RTX 3060; AMD Radeon RX 6700S     | windows
Asus   | Asus ZenBook 14 UX425         | Intel Core i5-1135G7; Intel Core i7-1165G7                    | 14        | 2020-2022 | 500  | Intel Iris Xe                                    | windows
Asus   | Asus VivoBook 15              | Intel Core i3-1115G4; AMD Ryzen 5 5500U; Intel Core i5-1135G7 | 15.6      | 2020-2023 | 320  | Intel UHD Graphics; AMD Radeon Graphics          | windows
Asus   | Asus TUF Gaming F15           | Intel Core i5-11400H; Intel Core i7-12700H                    | 15.6      | 2021-2023 | 700  | NVIDIA GeForce RTX 3050; NVIDIA GeForce RTX 4060 | windows
Asus   | Asus Chromebook Flip C434     | Intel Core m3-8100Y; Intel Core i5-8200Y                      | 14        | 2019-2020 | 230  | Intel UHD Graphics 615                           | ChromeOS
`;

const INTEL_GRAPHICS = ['Intel UHD Graphics 620', 'Intel Iris Xe', 'Intel Iris Plus'];
/** Windows laptops: mostly Windows 11, some still on 10, a few wiped to Linux. */
const WINDOWS: SpecsInput['os'][] = ['Windows 11', 'Windows 11', 'Windows 10', 'Linux'];

/** The table as models per brand (a typo in it fails the first run, not silently). */
function parseModels(): Record<Brand, Model[]> {
  const models = Object.fromEntries(seedCategories.map((c) => [c.name, [] as Model[]])) as Record<
    Brand,
    Model[]
  >;
  for (const line of MODEL_TABLE.trim().split('\n')) {
    const [brand, name, cpus, screens, years, price, graphics, os] = line
      .split('|')
      .map((cell) => cell.trim());
    const list = (cell: string | undefined) => (cell ?? '').split(';').map((v) => v.trim());
    const [from, to] = (years ?? '').split('-').map(Number);
    if (!models[brand as Brand] || !name || !from || !to || !Number(price))
      throw new Error(`seed/bulk.ts: bad model line: ${line}`);
    models[brand as Brand].push({
      name,
      cpus: list(cpus),
      screens: list(screens).map(Number),
      years: [from, to],
      price: Number(price),
      graphics: graphics === 'intel' ? INTEL_GRAPHICS : list(graphics),
      os: os === 'windows' ? WINDOWS : [os as SpecsInput['os']],
    });
  }
  return models;
}
const MODELS = parseModels();

const LOCATIONS = [
  'Dhaka, Gulshan',
  'Dhaka, Dhanmondi',
  'Dhaka, Mirpur',
  'Dhaka, Uttara',
  'Dhaka, Banani',
  'Dhaka, Mohammadpur',
  'Chattogram, Agrabad',
  'Chattogram, Nasirabad',
  'Sylhet, Zindabazar',
  'Khulna, Sonadanga',
  'Rajshahi, Shaheb Bazar',
  'Gazipur, Tongi',
  'Narayanganj, Chashara',
  'Cumilla, Kandirpar',
  'Barishal, Sadar Road',
  'Rangpur, Jahaj Company More',
];
const RESOLUTIONS: Record<string, string[]> = {
  small: ['1920x1080', '1920x1200', '2560x1600'],
  large: ['1920x1080', '1920x1080', '1366x768', '2560x1440'],
  mac: ['2560x1600', '2560x1664', '3024x1964', '3456x2234'],
};
const CONDITION_NOTES = {
  Excellent: [
    'No scratches, looks new.',
    'Barely used, kept in a sleeve.',
    'Like new, original box included.',
  ],
  Good: [
    'Light marks on the lid.',
    'Small scuffs on the corners, screen perfect.',
    'Keyboard shine on a few keys.',
  ],
  Fair: [
    'Visible scratches, works perfectly.',
    'Dent on one corner, fully functional.',
    'Worn palm rest, new battery.',
  ],
} as const;

/** mulberry32: small, fast and seedable, so a given seed number always gives the same catalogue. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  /** Picks by weight: [[value, weight], …]. */
  const weighted = <T>(choices: readonly (readonly [T, number])[]): T => {
    const total = choices.reduce((n, [, w]) => n + w, 0);
    let r = next() * total;
    for (const [value, w] of choices) if ((r -= w) < 0) return value;
    return choices.at(-1)![0];
  };
  return { next, pick, weighted };
}

export interface BulkSeedOptions {
  db: Database;
  count: number;
  /** Image paths (relative to PUBLIC_API_URL) per brand; the seed's images, reused. */
  imagesByBrand: Map<string, string[]>;
  sellers?: number;
  seed?: number;
  /** Progress lines. */
  log?: (message: string) => void;
}

const SELLER_DOMAIN = 'bulk.secondbyte.test';
/** Rows per INSERT: one JSON parameter each, expanded by PostgreSQL (json_populate_recordset). */
const BATCH = 5_000;

/** Creates the bulk sellers (idempotent) and returns their ids. */
async function ensureSellers(db: Database, n: number): Promise<string[]> {
  const emails = Array.from(
    { length: n },
    (_, i) => `seller-${String(i + 1).padStart(4, '0')}@${SELLER_DOMAIN}`,
  );
  const rand = random(7);
  const first = [
    'Rahim',
    'Karim',
    'Nusrat',
    'Farhana',
    'Tanvir',
    'Sadia',
    'Arif',
    'Mitu',
    'Imran',
    'Shila',
    'Rafi',
    'Tania',
  ];
  const last = [
    'Ahmed',
    'Hossain',
    'Islam',
    'Rahman',
    'Chowdhury',
    'Khan',
    'Sarkar',
    'Das',
    'Akter',
    'Uddin',
  ];
  await db
    .insert(users)
    .values(
      emails.map((email) => ({
        id: newId(),
        email,
        name: `${rand.pick(first)} ${rand.pick(last)}`,
        role: 'seller' as const,
      })),
    )
    .onConflictDoNothing({ target: users.email });
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.email, emails));
  return rows.map((r) => r.id).sort();
}

/** Adds `count` listings (and adverts for a few) and returns how many it wrote. */
export async function seedBulkListings({
  db,
  count,
  imagesByBrand,
  sellers = 300,
  seed = 1,
  log = () => {},
}: BulkSeedOptions) {
  const sellerIds = await ensureSellers(db, sellers);
  const rand = random(seed);
  const columnName = Object.fromEntries(
    Object.entries(getTableColumns(products)).map(([key, column]) => [key, column.name]),
  );
  const now = Date.now();
  // Two years of listings, newest first, a few minutes apart on average.
  const spanMs = 2 * 365 * 24 * 3_600_000;
  const stepMs = spanMs / Math.max(count, 1);
  const currentYear = new Date(now).getFullYear();
  const advertised: string[] = [];
  let written = 0;

  for (let start = 0; start < count; start += BATCH) {
    const rows: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const category = rand.pick(seedCategories);
      const model = rand.pick(MODELS[category.name]);
      const processor = rand.pick(model.cpus);
      const isMac = category.name === 'Apple' && processor.startsWith('Apple');
      const ramGb = isMac
        ? rand.weighted([
            [8, 5],
            [16, 4],
            [24, 1],
            [32, 1],
            [64, 0.3],
          ] as const)
        : rand.weighted([
            [4, 1],
            [8, 5],
            [16, 5],
            [32, 1.5],
            [64, 0.2],
          ] as const);
      const storageGb = rand.weighted([
        [128, 1],
        [256, 5],
        [512, 5],
        [1024, 2],
        [2048, 0.3],
      ] as const);
      const storageType = !isMac && model.years[0] < 2019 && rand.next() < 0.08 ? 'HDD' : 'SSD';
      const quality = rand.weighted([
        ['Excellent', 3],
        ['Good', 5],
        ['Fair', 2],
      ] as const);
      const year = model.years[0] + Math.floor(rand.next() * (model.years[1] - model.years[0] + 1));
      const screenInches = rand.pick(model.screens);
      const battery = isMac || rand.next() < 0.7 ? 60 + Math.floor(rand.next() * 41) : null;
      const specsInput: SpecsInput = {
        processor,
        ramGb,
        storageGb,
        storageType,
        screenInches,
        resolution: rand.pick(
          isMac ? RESOLUTIONS.mac! : screenInches < 15 ? RESOLUTIONS.small! : RESOLUTIONS.large!,
        ),
        graphics: rand.pick(model.graphics),
        batteryHealthPercent: battery,
        batteryHealthSource:
          battery === null ? null : rand.pick(['os-report', 'diagnostic-tool', 'seller-estimate'] as const),
        os: rand.pick(model.os),
        warrantyMonths: rand.next() < 0.15 ? rand.pick([1, 3, 6, 12]) : null,
      };
      const specs = specColumns(specsInput);
      // Price: the model's level, more memory and storage cost more, age and wear cost less.
      const factor =
        (1 + (ramGb - 8) / 40 + (storageGb - 256) / 4000) *
        (quality === 'Excellent' ? 1.1 : quality === 'Fair' ? 0.8 : 1) *
        Math.pow(0.9, Math.max(0, currentYear - 1 - year)) *
        (0.85 + rand.next() * 0.3);
      const priceCents = Math.max(5_000, Math.round((model.price * factor * 100) / 500) * 500 - 1);
      const status = rand.weighted([
        ['available', 95],
        ['sold', 3],
        ['booked', 2],
      ] as const);
      const images = imagesByBrand.get(category.name) ?? [...imagesByBrand.values()].flat();
      const cover = rand.pick(images);
      const id = newId();
      if (status === 'available' && rand.next() < 0.003) advertised.push(id);
      const row = {
        ...specs,
        id,
        sellerId: rand.pick(sellerIds),
        categoryId: category.id,
        name: model.name,
        priceCents,
        originalPriceCents: Math.round(model.price * 2.2) * 100,
        status,
        quality,
        phone: `+880 1${7 + Math.floor(rand.next() * 3)}${String(Math.floor(rand.next() * 1e8)).padStart(8, '0')}`,
        location: rand.pick(LOCATIONS),
        description: `${processor}, ${ramGb} GB RAM, ${storageGb >= 1024 ? `${storageGb / 1024} TB` : `${storageGb} GB`} ${storageType}, ${screenInches}" screen. ${rand.pick(CONDITION_NOTES[quality])}`,
        year,
        imageUrl: cover,
        rating: rand.next() < 0.6 ? 3 + Math.floor(rand.next() * 3) : null,
        photoUrls: [cover, ...images.filter((p) => p !== cover).slice(0, Math.floor(rand.next() * 3))],
        searchKeywords: searchKeywords(category.name, specs),
        createdAt: new Date(now - (i + 1) * stepMs - Math.floor(rand.next() * stepMs * 0.9)).toISOString(),
      };
      rows.push(
        Object.fromEntries(Object.entries(row).map(([key, value]) => [columnName[key] ?? key, value])),
      );
    }
    const columns = Object.keys(rows[0]!);
    const list = sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    );
    await db.execute(
      sql`insert into products (${list}) select ${list} from json_populate_recordset(null::products, ${JSON.stringify(rows)}::json)`,
    );
    written += rows.length;
    log(`  ${written.toLocaleString('en')} / ${count.toLocaleString('en')} listings`);
  }
  if (advertised.length)
    await db.insert(adverts).values(advertised.map((productId) => ({ id: newId(), productId })));
  // Fresh statistics and visibility map, so the planner sees the new size at once and counts can
  // read indexes alone (autovacuum would get there, minutes later).
  await db.execute(sql`vacuum analyze products, users, adverts`);
  // Running APIs drop their cached catalogue pages (plugins/catalog-cache.ts).
  await db.execute(sql`select pg_notify(${CATALOG_CACHE_CHANNEL}, 'seed-bulk')`);
  return { listings: written, adverts: advertised.length, sellers: sellerIds.length };
}
