import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import type { Auth } from 'firebase-admin/auth';
import { z } from 'zod';
import type { Database } from '../db/index';
import { adverts, blogs, categories, products, users } from '../db/schema/index';
import { newId } from '../lib/ids';
import { toCents } from '../lib/money';
import { advertisedProductNames, seedBlogs, seedCategories, seedProducts, seedShops } from './catalog';
import { writePlaceholderImage, writeSeedImage } from './images';
import { searchKeywords, specColumns } from '../modules/products/products.service';

const DemoAccountsSchema = z.array(
  z.object({
    role: z.enum(['admin', 'seller', 'buyer']),
    name: z.string(),
    email: z.email(),
    password: z.string().min(8),
  }),
);
export type DemoAccount = z.infer<typeof DemoAccountsSchema>[number];

export const demoAccountsPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-accounts.json');
export const loadDemoAccounts = (): DemoAccount[] =>
  DemoAccountsSchema.parse(JSON.parse(readFileSync(demoAccountsPath, 'utf8')));

/** Create-or-reuse by e-mail, so re-seeding (or an emulator that kept its accounts) is fine. */
export async function ensureFirebaseAccount(
  auth: Auth,
  account: { email: string; password: string; name: string },
) {
  try {
    return (await auth.getUserByEmail(account.email)).uid;
  } catch (err) {
    if ((err as { code?: string }).code !== 'auth/user-not-found') throw err;
  }
  try {
    const created = await auth.createUser({
      email: account.email,
      password: account.password,
      displayName: account.name,
      emailVerified: true,
    });
    return created.uid;
  } catch (err) {
    // Another process created it between the two calls.
    if ((err as { code?: string }).code === 'auth/email-already-exists')
      return (await auth.getUserByEmail(account.email)).uid;
    throw err;
  }
}

/**
 * Runs at every start: the demo accounts exist in the Auth Emulator (which may have lost its
 * accounts while the database kept its rows) and each users row is bound to the current uid.
 */
export async function ensureDemoAccounts(db: Database, auth: Auth) {
  for (const account of loadDemoAccounts()) {
    const uid = await ensureFirebaseAccount(auth, account);
    await db.update(users).set({ firebaseUid: uid }).where(eq(users.email, account.email));
  }
}

/**
 * Renders the seed products' images and the placeholder into the image store (skipping those already
 * there). Also run at every start, so a database seeded before images lived in it gets them too.
 */
export async function writeSeedImages(db: Database) {
  const productImages = seedProducts.map((p, i) => {
    const brand = seedCategories.find((c) => c.id === p.category)?.name ?? 'Laptop';
    const slug = p.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    return { brand, fileName: `seed-${slug}.webp`, variant: i };
  });
  for (const [i, p] of seedProducts.entries()) {
    const img = productImages[i]!;
    await writeSeedImage(db, img.fileName, img.brand, p.name, img.variant);
  }
  await writePlaceholderImage(db);
  return productImages;
}

export interface SeedOptions {
  db: Database;
  auth: Auth;
  log?: (msg: string) => void;
  /** Demo accounts have published passwords: only against the emulator unless asked for. */
  withDemoAccounts?: boolean;
}

/** Seeds categories, demo accounts, products with generated images, adverts and blogs when the DB has no categories. */
export async function seedIfEmpty({
  db,
  auth,
  log = () => {},
  withDemoAccounts = true,
}: SeedOptions): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(categories);
  if ((row?.n ?? 0) > 0) return false;

  const accounts = withDemoAccounts ? loadDemoAccounts() : [];
  const uids = new Map<string, string>();
  for (const account of accounts) uids.set(account.email, await ensureFirebaseAccount(auth, account));

  const productImages = await writeSeedImages(db);

  await db.transaction(async (tx) => {
    // Re-check inside the transaction: two processes starting together seed once.
    const [again] = await tx.select({ n: count() }).from(categories);
    if ((again?.n ?? 0) > 0) return;
    await tx
      .insert(categories)
      .values(seedCategories.map((c, i) => ({ id: c.id, name: c.name, sortOrder: i })));

    const userIds = new Map<string, string>();
    for (const a of accounts) {
      const existing = await tx.select().from(users).where(eq(users.email, a.email)).limit(1);
      const id = existing[0]?.id ?? newId();
      if (!existing[0]) {
        await tx
          .insert(users)
          .values({ id, firebaseUid: uids.get(a.email) ?? null, email: a.email, name: a.name, role: a.role });
      }
      userIds.set(a.role, id);
    }
    const shopIds: Record<string, string> = {};
    for (const [key, shop] of Object.entries(seedShops)) {
      const existing = await tx.select().from(users).where(eq(users.email, shop.email)).limit(1);
      shopIds[key] = existing[0]?.id ?? newId();
      if (!existing[0])
        await tx
          .insert(users)
          .values({ id: shopIds[key], email: shop.email, name: shop.name, role: 'seller' });
    }
    const demoSellerId = userIds.get('seller') ?? shopIds.hub!;

    const now = Date.now();
    const productRows = seedProducts.map((p, i) => {
      const specs = specColumns(p.laptop);
      const brand = seedCategories.find((c) => c.id === p.category)!.name;
      return {
        ...specs,
        searchKeywords: searchKeywords(brand, specs),
        id: newId(),
        sellerId: p.seller === 'demo' ? demoSellerId : shopIds[p.seller]!,
        categoryId: p.category,
        name: p.name,
        priceCents: toCents(p.price),
        originalPriceCents: toCents(p.original),
        quality: p.quality,
        phone: `+880 17${String(10_000_000 + i * 734_219).slice(0, 8)}`,
        location: p.location,
        description: p.specs,
        year: p.year,
        imageUrl: `images/${productImages[i]!.fileName}`,
        rating: p.rating,
        // Spread creation times so "recent" has a stable order.
        createdAt: new Date(now - (seedProducts.length - i) * 3_600_000),
      };
    });
    await tx.insert(products).values(productRows);
    await tx
      .insert(adverts)
      .values(
        productRows
          .filter((p) => advertisedProductNames.includes(p.name))
          .map((p, i) => ({ id: newId(), productId: p.id, createdAt: new Date(now - i * 60_000) })),
      );
    await tx.insert(blogs).values(seedBlogs.map((b, i) => ({ id: newId(), ...b, sortOrder: i })));
  });
  log(
    `Seeded ${seedCategories.length} categories, ${seedProducts.length} products, ${seedBlogs.length} blogs and ${accounts.length} demo accounts`,
  );
  return true;
}
