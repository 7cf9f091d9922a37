// pnpm --filter api seed:bulk <count> [--database-url postgres://…] [--sellers 300] [--seed 1]
//   [--buyers 20000] [--bookings 3000] [--payments 500] [--reports 1000] [--audit 2000]
//   [--seller seller@secondbyte.test]
// Migrates, seeds the demo catalogue if the database is empty, then adds <count> generated
// listings (0: none), and the dashboard's lists at scale: bulk buyers, one seller's booked and
// paid listings, reports and audit entries (seed/bulk.ts; a second run adds no more of those).
// Without --database-url: DATABASE_URL, else the PGlite in DATA_DIR.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config';
import { createDatabase } from '../db/index';
import { firebaseAuth } from '../auth/firebase';
import { seedCategories } from '../seed/catalog';
import { DEMO_SELLER_EMAIL, MAX_BULK_BUYERS, seedBulkActivity, seedBulkListings } from '../seed/bulk';
import { seedIfEmpty, writeSeedImages } from '../seed/seed';

const ArgsSchema = z
  .object({
    count: z.coerce.number().int().min(0).max(5_000_000),
    databaseUrl: z
      .string()
      .regex(/^(postgres(ql)?:\/\/|memory:\/\/|\/)/, 'a postgres:// URL or a folder')
      .optional(),
    sellers: z.coerce.number().int().min(1).max(100_000).default(300),
    seed: z.coerce
      .number()
      .int()
      .min(0)
      .max(2 ** 31)
      .default(1),
    buyers: z.coerce.number().int().min(0).max(MAX_BULK_BUYERS).default(20_000),
    bookings: z.coerce.number().int().min(0).max(100_000).default(3_000),
    payments: z.coerce.number().int().min(0).max(100_000).default(500),
    reports: z.coerce.number().int().min(0).max(100_000).default(1_000),
    audit: z.coerce.number().int().min(0).max(100_000).default(2_000),
    seller: z.email().default(DEMO_SELLER_EMAIL),
  })
  .refine((a) => a.payments <= a.bookings, { path: ['payments'], message: 'at most --bookings' });

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'database-url': { type: 'string' },
    sellers: { type: 'string' },
    seed: { type: 'string' },
    buyers: { type: 'string' },
    bookings: { type: 'string' },
    payments: { type: 'string' },
    reports: { type: 'string' },
    audit: { type: 'string' },
    seller: { type: 'string' },
  },
});
const parsed = ArgsSchema.safeParse({
  count: positionals[0],
  databaseUrl: values['database-url'],
  sellers: values.sellers,
  seed: values.seed,
  buyers: values.buyers,
  bookings: values.bookings,
  payments: values.payments,
  reports: values.reports,
  audit: values.audit,
  seller: values.seller,
});
if (!parsed.success || positionals.length !== 1) {
  const why = parsed.success
    ? 'one count expected'
    : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  console.error(
    `usage: seed:bulk <count> [--database-url URL] [--sellers N] [--seed N] [--buyers N] [--bookings N] [--payments N] [--reports N] [--audit N] [--seller EMAIL]\n${why}`,
  );
  process.exit(2);
}
const args = parsed.data;

const config = loadConfig(process.env, args.databaseUrl ? { databaseUrl: args.databaseUrl } : {});
const started = performance.now();
const database = await createDatabase(config);
try {
  await database.migrate();
  await seedIfEmpty({ db: database.db, auth: firebaseAuth(config), withDemoAccounts: false });
  // The seed's rendered images, reused: no stored image per generated listing.
  const images = await writeSeedImages(database.db);
  const imagesByBrand = new Map<string, string[]>();
  for (const c of seedCategories) imagesByBrand.set(c.name, []);
  for (const image of images) imagesByBrand.get(image.brand)?.push(`images/${image.fileName}`);

  const insertStarted = performance.now();
  const result = await seedBulkListings({
    db: database.db,
    count: args.count,
    imagesByBrand,
    sellers: args.sellers,
    seed: args.seed,
    log: console.log,
  });
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const activityStarted = performance.now();
  const activity = await seedBulkActivity({
    db: database.db,
    buyers: args.buyers,
    bookings: args.bookings,
    payments: args.payments,
    reports: args.reports,
    audit: args.audit,
    sellerEmail: args.seller,
    log: console.log,
  });
  console.log(
    `Dashboard lists: ${args.buyers.toLocaleString('en')} buyers, ${args.bookings.toLocaleString('en')} bookings and ${args.payments.toLocaleString('en')} payments of ${activity.sellerEmail}, ${args.reports.toLocaleString('en')} reports, ${args.audit.toLocaleString('en')} audit entries in ${seconds(performance.now() - activityStarted)} s`,
  );
  console.log(
    `Added ${result.listings.toLocaleString('en')} listings (${result.adverts} advertised) from ${result.sellers} sellers to ${database.kind} in ${seconds(performance.now() - insertStarted)} s (${seconds(performance.now() - started)} s with migrations and seed)`,
  );
} finally {
  await database.close();
}
