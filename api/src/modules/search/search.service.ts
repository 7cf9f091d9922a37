import { and, asc, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { EXACT_TOTAL_LIMIT, type SearchSort } from 'shared-contracts/listing-vocabulary';
import type { SearchQuery, SearchResult } from 'shared-contracts/search';
import type { Database } from '../../db/index';
import { adverts, categories, products, searchLexicon, sellerRatings, users } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import type { CursorCodec } from '../../lib/signed-cursor';
import { toCents } from '../../lib/money';
import { listedCondition, productColumns } from '../products/products.repository';
import { toProduct } from '../products/products.wire';

/**
 * Catalogue search on PostgreSQL alone (docs/decisions/0017-search-in-postgres.md):
 * full-text match on name, keywords and description with prefix terms; when that finds nothing,
 * each word is replaced by the most similar word the listings use (trigrams over the search
 * lexicon: 'thinkpd' → 'thinkpad') and the full-text search runs again. Every order is a keyset
 * (cursor) walk over an index, so page 5,000 costs what page 1 costs.
 */

const MAX_TERMS = 8;
/** How many of the newest matches relevance ranks; other sorts walk every match. */
export const RELEVANCE_CANDIDATES = 1_000;
const MAX_TERM_LENGTH = 30;

/** Letters and digits of any script; everything else (quotes, operators, emoji) separates words. */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .map((t) => t.slice(0, MAX_TERM_LENGTH))
    .slice(0, MAX_TERMS);
}

/** 'as typed', or 'corrected': the words were replaced by the lexicon's closest (a typo). */
type Mode = 'fts' | 'corrected';

// Terms are letters and digits only, so the tsquery syntax cannot be injected; prefix match lets
// 'think' find 'thinkpad' and '16' find '16gb'.
const tsquery = (terms: string[]) => terms.map((t) => `${t}:*`).join(' & ');

const textCondition = (terms: string[]): SQL =>
  sql`${products.searchVector} @@ to_tsquery('simple', ${tsquery(terms)})`;

const rankExpression = (terms: string[]): SQL<number> =>
  sql<number>`ts_rank_cd(${products.searchVector}, to_tsquery('simple', ${tsquery(terms)}))::float8`;

/** Words this short, and numbers, are not guessed at: 'i5' must not become 'i7'. */
const correctable = (term: string) => term.length >= 4 && !/^\d+$/.test(term);

/**
 * Each word replaced by the most similar word of the lexicon (pg_trgm similarity ≥ 0.3, the
 * `%` operator's default), or kept when nothing is similar enough.
 */
async function correctTerms(db: Database, terms: string[]): Promise<string[]> {
  return Promise.all(
    terms.map(async (term) => {
      if (!correctable(term)) return term;
      const [closest] = await db
        .select({ word: searchLexicon.word })
        .from(searchLexicon)
        .where(sql`${searchLexicon.word} % ${term}`)
        .orderBy(sql`similarity(${searchLexicon.word}, ${term}) desc`, asc(searchLexicon.word))
        .limit(1);
      return closest?.word ?? term;
    }),
  );
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
  m: z.enum(['fts', 'corrected']),
  // The sort value of the last row seen (rank, ISO time or cents) and its id.
  v: z.union([z.number().finite(), z.iso.datetime({ offset: true })]),
  id: z.string().min(1).max(64),
});
type Cursor = z.infer<typeof CursorSchema>;

function decodeCursor(codec: CursorCodec, raw: string, sort: SearchSort): Cursor {
  const cursor = CursorSchema.safeParse(codec.decode(raw));
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

/** The listings matching `where`, as a query to count or explain. */
const matchingRows = (db: Database, where: SQL | undefined) =>
  db
    .select({ one: sql`1` })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(where);

/** Listings matching `where`, counted up to EXACT_TOTAL_LIMIT + 1 and no further (cheap at any size). */
async function boundedCount(db: Database, where: SQL | undefined): Promise<number> {
  // Drizzle's builders are mutable (.limit() changes the query it is called on): one per use.
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
    matchingRows(db, where)
      .limit(EXACT_TOTAL_LIMIT + 1)
      .as('bounded'),
  );
  return row?.n ?? 0;
}

/** Exact up to EXACT_TOTAL_LIMIT; above it the planner's row estimate (cheap at any size). */
async function countMatches(db: Database, where: SQL | undefined) {
  const exact = await boundedCount(db, where);
  if (exact <= EXACT_TOTAL_LIMIT) return { total: exact, totalIsEstimate: false };
  const plan = await db.execute(sql`explain (format json) ${matchingRows(db, where).getSQL()}`);
  const rows = (plan as unknown as { rows: Record<string, unknown>[] }).rows;
  const json = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: { 'Plan Rows': number } }];
  const estimate = Math.round(parsed[0].Plan['Plan Rows']);
  // Rounded to two significant figures: 'about 98,000', not a precision the planner does not have.
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(estimate, 1))) - 1);
  return {
    total: Math.max(Math.round(estimate / magnitude) * magnitude, EXACT_TOTAL_LIMIT + 1),
    totalIsEstimate: true,
  };
}

type Facets = NonNullable<SearchResult['facets']>;
type FacetName = keyof Facets;

const FACET_COLUMNS = {
  category: products.categoryId,
  condition: products.quality,
  cpu: products.cpuLine,
  ram: products.ramGb,
} satisfies Record<FacetName, unknown>;

/** The filter on each facet's own column (RAM is filtered as 'at least', counted per size). */
const FACET_FILTERS: Record<FacetName, string> = {
  category: 'category',
  condition: 'condition',
  cpu: 'cpu',
  ram: 'minRam',
};

const byCountThenValue = (a: Facets[FacetName][number], b: Facets[FacetName][number]) =>
  b.count - a.count || a.value.localeCompare(b.value);

/** Every facet's counts under `where`, in one pass (grouping sets). */
async function facetCounts(db: Database, where: SQL | undefined): Promise<Facets> {
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
  const facets: Facets = { category: [], condition: [], cpu: [], ram: [] };
  // grouping() sets a bit for each column NOT in the row's set: 0b0111 = category, 0b1011 = condition…
  for (const r of rows) {
    if (r.grouping === 0b0111) facets.category.push({ value: r.category!, count: r.n });
    else if (r.grouping === 0b1011) facets.condition.push({ value: r.condition!, count: r.n });
    else if (r.grouping === 0b1101 && r.cpu !== null) facets.cpu.push({ value: r.cpu, count: r.n });
    else if (r.grouping === 0b1110 && r.ram !== null) facets.ram.push({ value: String(r.ram), count: r.n });
  }
  for (const list of Object.values(facets)) list.sort(byCountThenValue);
  return facets;
}

/** One facet's counts under `where`. */
async function countsOf(db: Database, name: FacetName, where: SQL | undefined) {
  const column = FACET_COLUMNS[name];
  const rows = await db
    .select({ value: column, n: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(where, sql`${column} is not null`))
    .groupBy(column);
  return rows.map((r) => ({ value: String(r.value), count: r.n })).sort(byCountThenValue);
}

/**
 * Counts per value, each facet under every filter but its own (docs/product.md#search): with
 * 'Good' ticked, the condition group still says how many Excellent and Fair listings the other
 * filters leave, which is what a buyer widening the choice needs. A facet whose own filter is set
 * is counted only when the wider set is small (EXACT_TOTAL_LIMIT): otherwise it shows no counts.
 */
async function disjunctiveFacets(
  db: Database,
  filters: Map<string, SQL>,
  whereFor: (without?: string) => SQL | undefined,
): Promise<Facets> {
  const facets = await facetCounts(db, whereFor());
  for (const name of Object.keys(FACET_FILTERS) as FacetName[]) {
    const own = FACET_FILTERS[name];
    if (!filters.has(own)) continue;
    const wider = whereFor(own);
    facets[name] =
      (await boundedCount(db, wider)) <= EXACT_TOTAL_LIMIT ? await countsOf(db, name, wider) : [];
  }
  return facets;
}

// ---- The search --------------------------------------------------------------------------------

export async function searchListings(
  db: Database,
  query: SearchQuery,
  publicApiUrl: string,
  cursors: CursorCodec,
): Promise<SearchResult> {
  const typed = searchTerms(query.q);
  const hasText = query.q !== undefined && query.q.trim() !== '';
  const sort: SearchSort =
    query.sort === 'relevance' && typed.length === 0
      ? 'newest'
      : (query.sort ?? (typed.length ? 'relevance' : 'newest'));
  const cursor = query.cursor ? decodeCursor(cursors, query.cursor, sort) : null;
  const filters = filterConditions(query);
  const empty: SearchResult = {
    items: [],
    nextCursor: null,
    total: 0,
    totalIsEstimate: false,
    sort,
    facets: null,
    relax: [],
    correctedQuery: null,
  };
  // Text with no letter or digit in it (emoji, punctuation) matches nothing.
  if (hasText && typed.length === 0) return empty;

  let terms = typed;
  const whereFor = (without?: string) =>
    and(
      listedCondition,
      terms.length && without !== 'q' ? textCondition(terms) : undefined,
      ...[...filters].filter(([name]) => name !== without).map(([, condition]) => condition),
    );

  // The words as typed first; when they find nothing, the closest words the listings use (a typo,
  // most likely). A cursor page repeats what its first page did.
  let mode: Mode = cursor?.m ?? 'fts';
  if (mode === 'corrected') terms = await correctTerms(db, typed);
  let counted = await countMatches(db, whereFor());
  if (!cursor && typed.length && counted.total === 0) {
    const corrected = await correctTerms(db, typed);
    if (corrected.some((word, i) => word !== typed[i])) {
      mode = 'corrected';
      terms = corrected;
      counted = await countMatches(db, whereFor());
    }
  }

  const rank = terms.length ? rankExpression(terms) : sql<number>`0::float8`;
  const order = orderFor(sort, rank);
  // Relevance ranks the newest RELEVANCE_CANDIDATES matches, not every match: ranking all 65,000
  // listings that say 'intel' costs a pass over the table (docs/decisions/0017-search-in-postgres.md).
  const candidates =
    sort === 'relevance'
      ? inArray(
          products.id,
          db
            .select({ id: products.id })
            .from(products)
            .innerJoin(users, eq(users.id, products.sellerId))
            .where(whereFor())
            .orderBy(desc(products.createdAt), desc(products.id))
            .limit(RELEVANCE_CANDIDATES),
        )
      : whereFor();
  const rows = await db
    .select({ ...productColumns, rank: rank.mapWith(Number) })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(adverts, eq(adverts.productId, products.id))
    .leftJoin(sellerRatings, eq(sellerRatings.sellerId, products.sellerId))
    .where(and(candidates, cursor ? order.after(cursor) : undefined))
    .orderBy(...order.orderBy)
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? cursors.encode({
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
    !counted.totalIsEstimate && counted.total > 0 && !cursor
      ? await disjunctiveFacets(db, filters, whereFor)
      : null;

  // Nothing found: how many each filter (or the text) would find if the buyer dropped it.
  const relax: SearchResult['relax'] = [];
  if (counted.total === 0 && !cursor) {
    const names = [...filters.keys(), ...(terms.length ? ['q'] : [])];
    for (const name of names) {
      const { total } = await countMatches(db, whereFor(name));
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
    correctedQuery: mode === 'corrected' ? terms.join(' ') : null,
  };
}
