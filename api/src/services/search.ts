import { and, asc, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { EXACT_TOTAL_LIMIT, type SearchSort } from 'shared-contracts/listing-vocabulary';
import type { SearchQuery, SearchResult } from 'shared-contracts/search';
import type { Database } from '../db/index';
import { adverts, categories, products, users } from '../db/schema/index';
import { badRequest } from '../lib/errors';
import { toCents } from '../lib/money';
import { listedCondition, productColumns, toProduct } from './products';

/**
 * Catalogue search on PostgreSQL alone (docs/decisions/0017-search-in-postgres.md):
 * full-text match on name, keywords and description with prefix terms; when that finds nothing,
 * trigram similarity on name and keywords catches typos ('thinkpd'). Every order is a keyset
 * (cursor) walk over an index, so page 5,000 costs what page 1 costs.
 */

const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 30;

/** Letters and digits of any script; everything else (quotes, operators, emoji) separates words. */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .map((t) => t.slice(0, MAX_TERM_LENGTH))
    .slice(0, MAX_TERMS);
}

type Mode = 'fts' | 'trgm';

function textCondition(mode: Mode, terms: string[]): SQL {
  if (mode === 'fts') {
    // Terms are letters and digits only, so the tsquery syntax cannot be injected; prefix match
    // lets 'think' find 'thinkpad' and '16' find '16gb'.
    const tsquery = terms.map((t) => `${t}:*`).join(' & ');
    return sql`${products.searchVector} @@ to_tsquery('simple', ${tsquery})`;
  }
  return sql`${terms.join(' ')} <% ${products.searchWords}`;
}

function rankExpression(mode: Mode, terms: string[]): SQL<number> {
  if (mode === 'fts') {
    const tsquery = terms.map((t) => `${t}:*`).join(' & ');
    return sql<number>`ts_rank_cd(${products.searchVector}, to_tsquery('simple', ${tsquery}))::float8`;
  }
  return sql<number>`word_similarity(${terms.join(' ')}, ${products.searchWords})::float8`;
}

/** The filters of a query as named conditions, so an empty result can say which one to relax. */
function filterConditions(query: SearchQuery): Map<string, SQL> {
  const f = new Map<string, SQL>();
  if (query.category) f.set('category', eq(products.categoryId, query.category));
  if (query.minPrice !== undefined) f.set('minPrice', gte(products.priceCents, toCents(query.minPrice)));
  if (query.maxPrice !== undefined) f.set('maxPrice', lte(products.priceCents, toCents(query.maxPrice)));
  if (query.condition?.length) f.set('condition', inArray(products.quality, query.condition));
  if (query.minRam !== undefined) f.set('minRam', gte(products.ramGb, query.minRam));
  if (query.minStorage !== undefined) f.set('minStorage', gte(products.storageGb, query.minStorage));
  if (query.storageType) f.set('storageType', eq(products.storageType, query.storageType));
  if (query.cpu?.length) f.set('cpu', inArray(products.cpuLine, query.cpu));
  if (query.minScreen !== undefined)
    f.set('minScreen', gte(products.screenTenths, Math.round(query.minScreen * 10)));
  if (query.maxScreen !== undefined)
    f.set('maxScreen', lte(products.screenTenths, Math.round(query.maxScreen * 10)));
  if (query.minYear !== undefined) f.set('minYear', gte(products.year, query.minYear));
  if (query.maxYear !== undefined) f.set('maxYear', lte(products.year, query.maxYear));
  if (query.location) {
    const pattern = `%${query.location.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    f.set('location', ilike(products.location, pattern));
  }
  if (query.available) f.set('available', eq(products.status, 'available'));
  return f;
}

// ---- Cursors -----------------------------------------------------------------------------------

const CursorSchema = z.object({
  s: z.enum(['relevance', 'newest', 'price-asc', 'price-desc']),
  m: z.enum(['fts', 'trgm']),
  // The sort value of the last row seen (rank, ISO time or cents) and its id.
  v: z.union([z.number().finite(), z.iso.datetime({ offset: true })]),
  id: z.string().min(1).max(64),
});
type Cursor = z.infer<typeof CursorSchema>;

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(raw: string, sort: SearchSort): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('The cursor is not one this API handed out', 'invalid_cursor');
  }
  const cursor = CursorSchema.safeParse(parsed);
  if (!cursor.success) throw badRequest('The cursor is not one this API handed out', 'invalid_cursor');
  if (cursor.data.s !== sort)
    throw badRequest(
      'The cursor belongs to another sort order; start again from the first page',
      'invalid_cursor',
    );
  const numeric = sort !== 'newest';
  if (numeric !== (typeof cursor.data.v === 'number'))
    throw badRequest('The cursor is not one this API handed out', 'invalid_cursor');
  return cursor.data;
}

function orderFor(sort: SearchSort, rank: SQL<number>) {
  switch (sort) {
    case 'relevance':
      return {
        orderBy: [desc(rank), desc(products.id)],
        after: (c: Cursor) => sql`(${rank}, ${products.id}) < (${c.v}::float8, ${c.id})`,
      };
    case 'newest':
      return {
        orderBy: [desc(products.createdAt), desc(products.id)],
        after: (c: Cursor) => sql`(${products.createdAt}, ${products.id}) < (${c.v}::timestamptz, ${c.id})`,
      };
    case 'price-asc':
      return {
        orderBy: [asc(products.priceCents), asc(products.id)],
        after: (c: Cursor) => sql`(${products.priceCents}, ${products.id}) > (${c.v}::int, ${c.id})`,
      };
    case 'price-desc':
      return {
        orderBy: [desc(products.priceCents), desc(products.id)],
        after: (c: Cursor) => sql`(${products.priceCents}, ${products.id}) < (${c.v}::int, ${c.id})`,
      };
  }
}

// ---- Counting ----------------------------------------------------------------------------------

/** Exact up to EXACT_TOTAL_LIMIT; above it the planner's row estimate (cheap at any size). */
async function countMatches(db: Database, where: SQL | undefined) {
  const inner = db
    .select({ one: sql`1` })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(where);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(inner.limit(EXACT_TOTAL_LIMIT + 1).as('bounded'));
  const exact = row?.n ?? 0;
  if (exact <= EXACT_TOTAL_LIMIT) return { total: exact, totalIsEstimate: false };
  const plan = await db.execute(sql`explain (format json) ${inner.getSQL()}`);
  const rows = (plan as unknown as { rows: Record<string, unknown>[] }).rows;
  const json = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: { 'Plan Rows': number } }];
  const estimate = Math.round(parsed[0].Plan['Plan Rows']);
  return { total: Math.max(estimate, EXACT_TOTAL_LIMIT + 1), totalIsEstimate: true };
}

async function facetCounts(
  db: Database,
  where: SQL | undefined,
): Promise<NonNullable<SearchResult['facets']>> {
  const rows = await db
    .select({
      category: products.categoryId,
      condition: products.quality,
      cpu: products.cpuLine,
      ram: products.ramGb,
      n: sql<number>`count(*)::int`,
      grouping: sql<number>`grouping(${products.categoryId}, ${products.quality}, ${products.cpuLine}, ${products.ramGb})::int`,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(where)
    .groupBy(
      sql`grouping sets ((${products.categoryId}), (${products.quality}), (${products.cpuLine}), (${products.ramGb}))`,
    );
  const facets: NonNullable<SearchResult['facets']> = { category: [], condition: [], cpu: [], ram: [] };
  // grouping() sets a bit for each column NOT in the row's set: 0b0111 = category, 0b1011 = condition…
  for (const r of rows) {
    if (r.grouping === 0b0111) facets.category.push({ value: r.category!, count: r.n });
    else if (r.grouping === 0b1011) facets.condition.push({ value: r.condition!, count: r.n });
    else if (r.grouping === 0b1101 && r.cpu !== null) facets.cpu.push({ value: r.cpu, count: r.n });
    else if (r.grouping === 0b1110 && r.ram !== null) facets.ram.push({ value: String(r.ram), count: r.n });
  }
  for (const list of Object.values(facets)) list.sort((a, b) => b.count - a.count);
  return facets;
}

// ---- The search --------------------------------------------------------------------------------

export async function searchListings(
  db: Database,
  query: SearchQuery,
  publicApiUrl: string,
): Promise<SearchResult> {
  const terms = searchTerms(query.q);
  const hasText = query.q !== undefined && query.q.trim() !== '';
  const sort: SearchSort =
    query.sort === 'relevance' && terms.length === 0
      ? 'newest'
      : (query.sort ?? (terms.length ? 'relevance' : 'newest'));
  const cursor = query.cursor ? decodeCursor(query.cursor, sort) : null;
  const filters = filterConditions(query);
  const empty: SearchResult = {
    items: [],
    nextCursor: null,
    total: 0,
    totalIsEstimate: false,
    sort,
    facets: null,
    relax: [],
  };
  // Text with no letter or digit in it (emoji, punctuation) matches nothing.
  if (hasText && terms.length === 0) return empty;

  const whereFor = (mode: Mode, without?: string) =>
    and(
      listedCondition,
      terms.length && without !== 'q' ? textCondition(mode, terms) : undefined,
      ...[...filters].filter(([name]) => name !== without).map(([, condition]) => condition),
    );

  // Full text first; trigram similarity only when full text finds nothing (a typo, most likely).
  let mode: Mode = cursor?.m ?? 'fts';
  let counted = await countMatches(db, whereFor(mode));
  if (!cursor && terms.length && counted.total === 0) {
    mode = 'trgm';
    counted = await countMatches(db, whereFor(mode));
  }

  const rank = terms.length ? rankExpression(mode, terms) : sql<number>`0::float8`;
  const order = orderFor(sort, rank);
  const rows = await db
    .select({ ...productColumns, rank: rank.mapWith(Number) })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(adverts, eq(adverts.productId, products.id))
    .where(and(whereFor(mode), cursor ? order.after(cursor) : undefined))
    .orderBy(...order.orderBy)
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({
          s: sort,
          m: mode,
          id: last.id,
          v:
            sort === 'relevance'
              ? last.rank
              : sort === 'newest'
                ? new Date(last.createdAt).toISOString()
                : last.priceCents,
        })
      : null;

  const facets =
    !counted.totalIsEstimate && counted.total > 0 && !cursor ? await facetCounts(db, whereFor(mode)) : null;

  // Nothing found: how many each filter (or the text) would find if the buyer dropped it.
  const relax: SearchResult['relax'] = [];
  if (counted.total === 0 && !cursor) {
    const names = [...filters.keys(), ...(terms.length ? ['q'] : [])];
    for (const name of names) {
      const { total } = await countMatches(db, whereFor(mode, name));
      if (total > 0) relax.push({ filter: name, total });
    }
    relax.sort((a, b) => b.total - a.total);
  }

  return {
    items: page.map((row) => toProduct(row, publicApiUrl)),
    nextCursor,
    total: counted.total,
    totalIsEstimate: counted.totalIsEstimate,
    sort,
    facets,
    relax,
  };
}
