import { eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { SpecsInput } from 'shared-contracts/products';
import type { Database } from '../db/index';
import { adverts, products, users } from '../db/schema/index';
import { newId } from '../lib/ids';
import { searchKeywords, specColumns } from '../modules/products/products.service';
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

/**
 * The table's prices are in US dollars, as the used-laptop market quotes models worldwide; a
 * listing asks in taka (docs/product.md#languages-and-money), at about this rate.
 */
const TAKA_PER_DOLLAR = 120;

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

const SELLER_FIRST_NAMES = [
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
const SELLER_LAST_NAMES = [
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

/** Creates the bulk sellers (idempotent) and returns their ids. */
async function ensureSellers(db: Database, n: number): Promise<string[]> {
  const emails = Array.from(
    { length: n },
    (_, i) => `seller-${String(i + 1).padStart(4, '0')}@${SELLER_DOMAIN}`,
  );
  const rand = random(7);
  await db
    .insert(users)
    .values(
      emails.map((email) => ({
        id: newId(),
        email,
        name: `${rand.pick(SELLER_FIRST_NAMES)} ${rand.pick(SELLER_LAST_NAMES)}`,
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
  // Only the dashboard's activity (seedBulkActivity), e.g. the bench's demo size.
  if (count === 0) return { listings: 0, adverts: 0, sellers: 0 };
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
      // Taka, rounded to ৳500 as sellers ask, at least ৳5,000.
      const priceCents =
        Math.max(5_000, Math.round((model.price * TAKA_PER_DOLLAR * factor) / 500) * 500) * 100;
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
        originalPriceCents: Math.round((model.price * TAKA_PER_DOLLAR * 2.2) / 500) * 500 * 100,
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
  await db.execute(sql`select pg_notify(${CATALOG_CACHE_CHANNEL}, '*')`);
  return { listings: written, adverts: advertised.length, sellers: sellerIds.length };
}

/** What seedBulkActivity adds: the dashboard's lists at an operator's and a busy seller's scale. */
export interface BulkActivityOptions {
  db: Database;
  /** Generated buyers, buyer-00001@… to buyer-NNNNN@BULK_DOMAIN (the demo buyer comes on top). */
  buyers: number;
  /** Listings of the busy seller, each booked once by a different buyer. */
  bookings: number;
  /** Of those bookings, how many are paid (a paid payment, the listing sold). */
  payments: number;
  /** Open reports (every tenth dismissed when an admin exists) on listings of the catalogue. */
  reports: number;
  audit: number;
  /** The busy seller; when no such user exists, scale-seller@BULK_DOMAIN is made. */
  sellerEmail?: string;
  log?: (message: string) => void;
}

export const BULK_DOMAIN = SELLER_DOMAIN;
export const DEMO_SELLER_EMAIL = 'seller@secondbyte.test';
const DEMO_BUYER_EMAIL = 'buyer@secondbyte.test';
const DEMO_ADMIN_EMAIL = 'admin@secondbyte.test';
/** The generated buyer number n's e-mail; the bench searches for one of them. */
export const bulkBuyerEmail = (n: number) => `buyer-${String(n).padStart(5, '0')}@${BULK_DOMAIN}`;
export const MAX_BULK_BUYERS = 99_999;
/** Bulk payments' transaction ids: a block of their own, far above what a test run draws. */
const TRANSACTION_BASE = 90_000_000;
const REPORT_REASONS = [
  'The photos do not match the description.',
  'Price looks too good to be true.',
  'Seller asked me to pay outside the site.',
  'Listed twice with different prices.',
  'The battery health stated is not what the seller told me.',
];

/**
 * Buyers, a seller's bookings and payments, reports and audit entries for the dashboard's lists
 * at scale (pnpm --filter api seed:bulk; docs/decisions/0030-dashboard-list-queries.md). Every row is made by one INSERT … SELECT over
 * generate_series with ids derived from its number (md5 → uuid), so a second run adds nothing
 * (ON CONFLICT DO NOTHING) and 20,000 buyers take one statement, not 20,000.
 */
export async function seedBulkActivity({
  db,
  buyers,
  bookings,
  payments,
  reports,
  audit,
  sellerEmail = DEMO_SELLER_EMAIL,
  log = () => {},
}: BulkActivityOptions) {
  if (buyers > MAX_BULK_BUYERS) throw new Error(`at most ${MAX_BULK_BUYERS} bulk buyers`);
  if (payments > bookings) throw new Error('payments are paid bookings: at most as many as bookings');
  if (buyers < 1 && (bookings > 0 || reports > 0 || audit > 0))
    throw new Error('bookings, reports and audit entries need at least one bulk buyer');
  const uuid = (kind: string, n: SQL) => sql`md5(${`sb-bulk:${kind}:`}::text || (${n})::text)::uuid::text`;
  const buyerEmail = (n: SQL) => sql`'buyer-' || lpad((${n})::text, 5, '0') || ${`@${BULK_DOMAIN}`}::text`;
  const yearSeconds = 365 * 24 * 3600;
  const firstNames = sql.raw(`array['${SELLER_FIRST_NAMES.join("','")}']`);
  const lastNames = sql.raw(`array['${SELLER_LAST_NAMES.join("','")}']`);

  // Buyers: created over two years, buyer-00001 the oldest.
  await db.execute(sql`
    insert into users (id, email, name, role, created_at, updated_at)
    select ${uuid('buyer', sql`n`)}, ${buyerEmail(sql`n`)},
           (${firstNames})[1 + (n * 7) % ${sql.raw(String(SELLER_FIRST_NAMES.length))}] || ' ' ||
             (${lastNames})[1 + (n * 3) % ${sql.raw(String(SELLER_LAST_NAMES.length))}],
           'buyer', t, t
    from generate_series(1, ${buyers}::int) n,
         lateral (select now() - ((${buyers}::int - n + 1) * ${(2 * yearSeconds) / Math.max(buyers, 1)}::float8)
                  * interval '1 second' as t) created
    on conflict do nothing`);
  log(`  ${buyers.toLocaleString('en')} bulk buyers`);

  const idOf = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1))[0]?.id ?? null;
  const demoBuyerId = await idOf(DEMO_BUYER_EMAIL);
  const adminId = await idOf(DEMO_ADMIN_EMAIL);

  if (bookings > 0) {
    // Made only when there is something to book: the API bench's catalogue-only runs add no user.
    let sellerId = await idOf(sellerEmail);
    if (!sellerId) {
      sellerEmail = `scale-seller@${BULK_DOMAIN}`;
      await db
        .insert(users)
        .values({ id: newId(), email: sellerEmail, name: 'Scale Seller', role: 'seller' })
        .onConflictDoNothing({ target: users.email });
      sellerId = await idOf(sellerEmail);
      if (!sellerId) throw new Error(`seed/bulk.ts: could not make ${sellerEmail}`);
    }
    // The seller's listings copy the catalogue's (the first 200 by age, round robin), newest
    // first over the last year; the paid ones are sold, the rest booked (their booking accepted).
    const copied = sql.raw(
      'category_id, name, price_cents, original_price_cents, quality, phone, location, description, year, image_url, rating, photo_urls, processor, cpu_family, cpu_line, ram_gb, storage_gb, storage_type, screen_tenths, resolution, graphics, battery_health_percent, battery_health_source, os, warranty_months, search_keywords',
    );
    const fromTemplate = sql.raw(
      't.category_id, t.name, t.price_cents, t.original_price_cents, t.quality, t.phone, t.location, t.description, t.year, t.image_url, t.rating, t.photo_urls, t.processor, t.cpu_family, t.cpu_line, t.ram_gb, t.storage_gb, t.storage_type, t.screen_tenths, t.resolution, t.graphics, t.battery_health_percent, t.battery_health_source, t.os, t.warranty_months, t.search_keywords',
    );
    const step = yearSeconds / bookings;
    await db.execute(sql`
      with templates as (
        select row_number() over (order by created_at, id) - 1 as i, *
        from (select * from products
              where deleted_at is null and seller_id <> ${sellerId}
              order by created_at, id limit 200) first_listings
      ), k as (select count(*)::int as total from templates)
      insert into products (id, seller_id, status, created_at, updated_at, ${copied})
      select ${uuid('listing', sql`n`)}, ${sellerId}, case when n <= ${payments}::int then 'sold' else 'booked' end,
             now() - (n * ${step}::float8) * interval '1 second', now(), ${fromTemplate}
      from generate_series(1, ${bookings}::int) n
      cross join k
      join templates t on t.i = (n - 1) % k.total
      on conflict do nothing`);
    // One booking per listing, an hour after it was listed; every tenth by the demo buyer when
    // there is one (their My Orders then pages too), the rest by the bulk buyers in turn.
    await db.execute(sql`
      insert into bookings (id, buyer_id, product_id, phone, place, paid, state, created_at, state_changed_at)
      select ${uuid('booking', sql`n`)},
             case when ${demoBuyerId}::text is not null and n % 10 = 0 then ${demoBuyerId}::text else b.id end,
             p.id, '+880 171' || lpad((n * 7919 % 10000000)::text, 7, '0'),
             (${sql.raw(`array['${LOCATIONS.join("','")}']`)})[1 + n % ${sql.raw(String(LOCATIONS.length))}],
             n <= ${payments}::int,
             -- The paid ones paid, the rest accepted: what keeps their listings booked.
             case when n <= ${payments}::int then 'paid' else 'accepted' end,
             p.created_at + interval '1 hour', p.created_at + interval '1 hour'
      from generate_series(1, ${bookings}::int) n
      join products p on p.id = ${uuid('listing', sql`n`)}
      join users b on b.email = ${buyerEmail(sql`1 + (n - 1) % ${buyers}::int`)}
      on conflict do nothing`);
    log(`  ${bookings.toLocaleString('en')} bookings of ${sellerEmail}'s listings`);
    await db.execute(sql`
      insert into payments (id, transaction_id, product_id, buyer_id, amount_cents, status, gateway,
                            gateway_reference, created_at, updated_at, paid_at)
      select ${uuid('payment', sql`n`)}, ${TRANSACTION_BASE}::int + n, p.id, k.buyer_id, p.price_cents,
             'paid', 'sandbox', 'bulk-' || n, k.created_at + interval '1 hour',
             k.created_at + interval '2 hours', k.created_at + interval '2 hours'
      from generate_series(1, ${payments}::int) n
      join products p on p.id = ${uuid('listing', sql`n`)}
      join bookings k on k.id = ${uuid('booking', sql`n`)}
      on conflict do nothing`);
    log(`  ${payments.toLocaleString('en')} paid payments`);
  }

  if (reports > 0) {
    // Reports on the catalogue's listings (any seller's), over the last 90 days.
    await db.execute(sql`
      with listings as (
        select row_number() over (order by id) - 1 as i, id from products where deleted_at is null
      ), k as (select count(*)::int as total from listings)
      insert into reports (id, product_id, reporter_id, reason, status, resolved_by, created_at, resolved_at)
      select ${uuid('report', sql`n`)}, l.id, b.id,
             (${sql.raw(`array['${REPORT_REASONS.map((r) => r.replace(/'/g, "''")).join("','")}']`)})[1 + n % ${sql.raw(String(REPORT_REASONS.length))}],
             case when r.dismissed then 'dismissed' else 'open' end,
             case when r.dismissed then ${adminId}::text end, r.t,
             case when r.dismissed then r.t + interval '1 day' end
      from generate_series(1, ${reports}::int) n
      cross join k
      cross join lateral (select ${adminId}::text is not null and n % 10 = 0 as dismissed,
                                 now() - (n * ${(90 * 24 * 3600) / reports}::float8) * interval '1 second' as t) r
      join listings l on l.i = (n * 7919) % k.total
      join users b on b.email = ${buyerEmail(sql`1 + (n - 1) % ${buyers}::int`)}
      on conflict do nothing`);
    log(`  ${reports.toLocaleString('en')} reports`);
  }

  if (audit > 0) {
    // An admin made bulk buyers admins and took it back: pairs of entries that leave every role
    // as it is, over the last 180 days.
    const actor = adminId ? DEMO_ADMIN_EMAIL : 'operator (seed:bulk)';
    await db.execute(sql`
      insert into audit_log (id, actor_id, actor, action, target_type, target_id, target_label, before, after, created_at)
      select ${uuid('audit', sql`n`)}, ${adminId}::text, ${actor},
             case when n % 2 = 1 then 'role.grant-admin' else 'role.revoke-admin' end,
             'user', b.id, b.email,
             case when n % 2 = 1 then '{"role":"buyer"}' else '{"role":"admin"}' end::jsonb,
             case when n % 2 = 1 then '{"role":"admin"}' else '{"role":"buyer"}' end::jsonb,
             now() - ((${audit}::int - n + 1) * ${(180 * 24 * 3600) / audit}::float8) * interval '1 second'
      from generate_series(1, ${audit}::int) n
      join users b on b.email = ${buyerEmail(sql`1 + ((n - 1) / 2) % ${buyers}::int`)}
      on conflict do nothing`);
    log(`  ${audit.toLocaleString('en')} audit entries`);
  }
  await db.execute(sql`vacuum analyze users, products, bookings, payments, reports, audit_log`);
  return { sellerEmail };
}
