// pnpm --filter api seed:bulk <count> [--database-url postgres://…] [--sellers 300] [--seed 1]
// Migrates, seeds the demo catalogue if the database is empty, then adds <count> generated
// listings (seed/bulk.ts). Without --database-url: DATABASE_URL, else the PGlite in DATA_DIR.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config';
import { createDatabase } from '../db/index';
import { firebaseAuth } from '../auth/firebase';
import { seedCategories } from '../seed/catalog';
import { seedBulkListings } from '../seed/bulk';
import { seedIfEmpty, writeSeedImages } from '../seed/seed';

const ArgsSchema = z.object({
  count: z.coerce.number().int().min(1).max(5_000_000),
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
});

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'database-url': { type: 'string' },
    sellers: { type: 'string' },
    seed: { type: 'string' },
  },
});
const parsed = ArgsSchema.safeParse({
  count: positionals[0],
  databaseUrl: values['database-url'],
  sellers: values.sellers,
  seed: values.seed,
});
if (!parsed.success || positionals.length !== 1) {
  const why = parsed.success
    ? 'one count expected'
    : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  console.error(`usage: seed:bulk <count> [--database-url URL] [--sellers N] [--seed N]\n${why}`);
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
  console.log(
    `Added ${result.listings.toLocaleString('en')} listings (${result.adverts} advertised) from ${result.sellers} sellers to ${database.kind} in ${seconds(performance.now() - insertStarted)} s (${seconds(performance.now() - started)} s with migrations and seed)`,
  );
} finally {
  await database.close();
}
