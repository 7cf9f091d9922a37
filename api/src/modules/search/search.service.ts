import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { EXACT_TOTAL_LIMIT, type SearchSort } from 'shared-contracts/listing-vocabulary';
import type { SearchQuery, SearchResult } from 'shared-contracts/search';
import type { Database, Executor } from '../../db/index';
import { adverts, categories, products, sellerRatings, users } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import type { CursorCodec } from '../../lib/signed-cursor';
import { toCents } from '../../lib/money';
import { listedCondition, productColumns } from '../products/products.repository';
import { toProduct } from '../products/products.wire';
import { dropRedundantWords, normaliseSearchText } from './search-vocabulary';

/**
 * Catalogue search on PostgreSQL alone (docs/decisions/0017-search-in-postgres.md):
 * full-text match on name, keywords and the stemmed description, with the laptop vocabulary
 * spelled one way on both sides; when the words as typed find only a few listings, each word may
 * be replaced by a similar word many more listings use (trigrams over the search lexicon:
 * 'thinkpd' → 'thinkpad'). Relevance ranks every match: the text tier, then the listing's quality,
 * then the newest. Every order is a keyset (cursor) walk over an index, so page 5,000 costs what
 * page 1 costs.
 */

const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 30;
/** At most this many matches as typed and the search also tries the corrected words. */
export const FEW_MATCHES = 5;
/** A relevance tier with more matches left than this is walked in order; a smaller one is sorted. */
const TIER_WALK_MIN = EXACT_TOTAL_LIMIT;
/** A word is replaced only by one at least this many times as many listings use. */
const CORRECTION_GAIN = 5;
/** How similar (pg_trgm similarity) a replacement must be: 'thinkpd'/'thinkpad' is 0.55. */
const CORRECTION_SIMILARITY = 0.4;

/**
 * The buyer's words: normalised as the index is (search-vocabulary.ts), then cut into runs of
 * letters, combining marks (Bangla vowel signs are marks) and digits; everything else (quotes,
 * operators, emoji) separates words.
 */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  const words = (normaliseSearchText(q).match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).map((t) =>
    t.slice(0, MAX_TERM_LENGTH),
  );
  return dropRedundantWords(words).slice(0, MAX_TERMS);
}

/** 'as typed', or 'corrected': the words were replaced by the lexicon's closest (a typo). */
type Mode = 'fts' | 'corrected';

// Terms are letters, marks and digits only, so the tsquery syntax cannot be injected; each is a
// bound parameter.

/** Every word somewhere: as typed, or stemmed as the description is; each a prefix ('16' → '16gb'). */
const anyFieldQuery = (terms: string[]): SQL =>
  sql`(${sql.join(
    terms.map((t) => sql`(to_tsquery('simple', ${`${t}:*`}) || to_tsquery('english', ${`${t}:*`}))`),
    sql` && `,
  )})`;
/** Every word in the name or keywords, each a prefix. */
const titlePrefixQuery = (terms: string[]): SQL =>
  sql`to_tsquery('simple', ${terms.map((t) => `${t}:*`).join(' & ')})`;
/**
 * Every word in the name or keywords as a prefix, among search_vector's title words (marked '~' by
 * search_title_marked). A cast, not to_tsquery: the parser would drop the mark.
 */
const markedTitlePrefixQuery = (terms: string[]): SQL =>
  sql`${terms.map((t) => `'~${t}':*`).join(' & ')}::tsquery`;
/** Every word in the name or keywords, whole. */
const titleExactQuery = (terms: string[]): SQL => sql`to_tsquery('simple', ${terms.join(' & ')})`;

const textCondition = (terms: string[]): SQL => sql`${products.searchVector} @@ ${anyFieldQuery(terms)}`;

/**
 * Relevance's text tiers, best first; each match is in exactly one. A title that says every word
 * whole ('thinkpad t14'), then one that says them as prefixes ('t14s'), then a match that needs
 * the description or a stem.
 */
function textTiers(terms: string[]) {
  const exact = titleExactQuery(terms);
  const prefix = titlePrefixQuery(terms);
  return {
    // Each tier is one `@@`, negation inside the tsquery, so the GIN index alone answers it (no
    // row is read to rule one out); the description tier reads the marked title words.
    tiers: [
      { tier: 3, condition: sql`${products.titleVector} @@ ${exact}` },
      { tier: 2, condition: sql`${products.titleVector} @@ (${prefix} && !!${exact})` },
      {
        tier: 1,
        condition: sql`${products.searchVector} @@ (${anyFieldQuery(terms)} && !!${markedTitlePrefixQuery(terms)})`,
      },
    ],
    tierOf: sql<number>`(case when ${products.titleVector} @@ ${exact} then 3 when ${products.titleVector} @@ ${prefix} then 2 else 1 end)`,
  };
}

/** Words this short, and numbers, are not guessed at: 'i5' must not become 'i7'. */
const correctable = (term: string) => term.length >= 4 && !/^\d+$/.test(term);

/**
 * Each word replaced, in one query, by the most similar word of the lexicon that at least
 * CORRECTION_GAIN times as many live listings use, or kept when there is none. A word many
 * listings use is never replaced; a typo that one listing shares with the buyer still is.
 */
async function correctTerms(db: Database, terms: string[]): Promise<string[]> {
  const guessed = terms.filter(correctable);
  if (!guessed.length) return terms;
  const result = await db.execute(sql`
    select t.term, c.word
    from unnest(array[${sql.join(
      guessed.map((t) => sql`${t}`),
      sql`, `,
    )}]::text[]) as t(term)
    left join lateral (
      select l.word from search_lexicon l
      where l.word % t.term and l.word <> t.term
        and similarity(l.word, t.term) >= ${CORRECTION_SIMILARITY}
        and l.listings > 0
        and l.listings >= ${CORRECTION_GAIN}::int * coalesce(
          (select own.listings from search_lexicon own where own.word = t.term), 0)
      order by similarity(l.word, t.term) desc, l.listings desc, l.word
      limit 1
    ) c on true`);
  const rows = (result as unknown as { rows: { term: string; word: string | null }[] }).rows;
  const replacement = new Map(rows.map((r) => [r.term, r.word]));
  return terms.map((term) => replacement.get(term) ?? term);
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
  // The sort value of the last row seen (quality, ISO time or cents) and its id.
  v: z.union([z.number().finite(), z.iso.datetime({ offset: true })]),
  id: z.string().min(1).max(64),
  // Relevance only: the last row's text tier and listing time in microseconds since 1970 (exact,
  // where an ISO time keeps milliseconds).
  t: z.number().int().min(1).max(3).optional(),
  us: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
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
  const relevanceShaped = cursor.data.t !== undefined && cursor.data.us !== undefined;
  if (numeric !== (typeof cursor.data.v === 'number') || relevanceShaped !== (sort === 'relevance'))
    throw badRequest('The cursor is not one this API handed out', 'invalid_cursor');
  return cursor.data;
}

/** Relevance within a tier: products_relevance_idx's order. */
const qualityOrder = [desc(products.searchQuality), desc(products.createdAt), desc(products.id)];
const createdAtMicros = sql<number>`(extract(epoch from ${products.createdAt}) * 1000000)::bigint`;

/** Rows after the cursor's within its tier: (quality, time, id) below the last row's. */
const afterInTier = (c: Cursor) =>
  sql`(${products.searchQuality}, ${products.createdAt}, ${products.id}) < (${c.v}::smallint, timestamptz 'epoch' + ${c.us}::bigint * interval '1 microsecond', ${c.id})`;

function orderFor(sort: Exclude<SearchSort, 'relevance'>) {
  switch (sort) {
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

/**
 * Runs `read` with sequential and ordered index scans off, so the text's GIN index (a bitmap) is
 * the only way in. The planner estimates a conjunction of words as if they were independent:
 * 'thinkpad macos' looks like 25,000 matches of a million and has none, and a scan it expects to
 * stop early reads the whole table instead. Through the index, counting or fetching a few
 * matches costs what the words' posting lists cost, whatever the estimate.
 */
function throughTextIndex<T>(db: Database, read: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    // Room for an exact bitmap of a word most listings say: a lossy one (the 4 MB default at a
    // million listings) rechecks every row it covers.
    await tx.execute(sql`set local work_mem = '32MB'`);
    return read(tx);
  });
}

/** The listings matching `where`, as a query to count or explain. */
const matchingRows = (db: Executor, where: SQL | undefined) =>
  db
    .select({ one: sql`1` })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(where);

/** Listings matching `where`, counted up to EXACT_TOTAL_LIMIT + 1 and no further (cheap at any size). */
async function boundedCount(db: Executor, where: SQL | undefined): Promise<number> {
  // Drizzle's builders are mutable (.limit() changes the query it is called on): one per use.
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
    matchingRows(db, where)
      .limit(EXACT_TOTAL_LIMIT + 1)
      .as('bounded'),
  );
  return row?.n ?? 0;
}

/** Exact up to EXACT_TOTAL_LIMIT; above it the planner's row estimate (cheap at any size). */
async function countMatches(db: Executor, where: SQL | undefined) {
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

/**
 * With nothing found: how many listings each condition's removal would find, in one query. Each
 * relaxation counts the rows that meet every condition but that one (count(*) FILTER), over the
 * rows that meet all but at most one.
 */
async function relaxations(
  db: Database,
  names: string[],
  whereFor: (without?: string) => SQL | undefined,
): Promise<SearchResult['relax']> {
  if (!names.length) return [];
  const dropping = names.map((name) => ({ name, where: whereFor(name) ?? sql`true` }));
  const [counts] = await db
    .select(
      Object.fromEntries(
        dropping.map(({ where }, i) => [`r${i}`, sql<number>`(count(*) filter (where ${where}))::int`]),
      ),
    )
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(listedCondition, or(...dropping.map(({ where }) => where))));
  return dropping
    .map(({ name }, i) => ({ filter: name, total: Number(counts?.[`r${i}`] ?? 0) }))
    .filter((r) => r.total > 0)
    .sort((a, b) => b.total - a.total);
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

  // The words as typed first; when they find only a few listings, the words many more listings
  // use (a typo, most likely), if those find more. A cursor page repeats what its first page did.
  let mode: Mode = cursor?.m ?? 'fts';
  if (mode === 'corrected') terms = await correctTerms(db, typed);
  const count = () =>
    terms.length ? throughTextIndex(db, (tx) => countMatches(tx, whereFor())) : countMatches(db, whereFor());
  let counted = await count();
  if (!cursor && typed.length && counted.total <= FEW_MATCHES) {
    const corrected = await correctTerms(db, typed);
    if (corrected.some((word, i) => word !== typed[i])) {
      terms = corrected;
      const correctedCount = await count();
      if (correctedCount.total > counted.total) {
        mode = 'corrected';
        counted = correctedCount;
      } else terms = typed;
    }
  }

  // Nothing found: no page to read; how many each filter (or the text) would find if dropped.
  if (counted.total === 0 && !cursor) {
    const names = [...filters.keys(), ...(terms.length ? ['q'] : [])];
    return {
      ...empty,
      relax: await relaxations(db, names, whereFor),
      correctedQuery: mode === 'corrected' ? terms.join(' ') : null,
    };
  }

  const rows = sort === 'relevance' ? await relevancePage() : await sortedPage(sort);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? cursors.encode(
          sort === 'relevance'
            ? { s: sort, m: mode, id: last.id, v: last.searchQuality, t: last.tier, us: last.createdAtMicros }
            : {
                s: sort,
                m: mode,
                id: last.id,
                v: sort === 'newest' ? new Date(last.createdAt).toISOString() : last.priceCents,
              },
        )
      : null;

  const facets =
    !counted.totalIsEstimate && counted.total > 0 && !cursor
      ? await disjunctiveFacets(db, filters, whereFor)
      : null;

  return {
    items: page.map((row) => toProduct(row, publicApiUrl)),
    nextCursor,
    total: counted.total,
    totalIsEstimate: counted.totalIsEstimate,
    sort,
    facets,
    relax: [],
    correctedQuery: mode === 'corrected' ? terms.join(' ') : null,
  };

  /** One page's listings, with what the next cursor needs. */
  function pageQuery(where: SQL | undefined, orderBy: SQL[], tier: SQL<number> = sql<number>`0`) {
    return db
      .select({
        ...productColumns,
        searchQuality: products.searchQuality,
        tier: tier.mapWith(Number),
        createdAtMicros: createdAtMicros.mapWith(Number),
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(adverts, eq(adverts.productId, products.id))
      .leftJoin(sellerRatings, eq(sellerRatings.sellerId, products.sellerId))
      .where(where)
      .orderBy(...orderBy)
      .limit(query.limit + 1);
  }

  function sortedPage(by: Exclude<SearchSort, 'relevance'>) {
    const order = orderFor(by);
    return pageQuery(and(whereFor(), cursor ? order.after(cursor) : undefined), order.orderBy);
  }

  /**
   * Relevance over every match, tier by tier (best first). Each tier is counted first, through
   * the text index and only up to TIER_WALK_MIN + 1. A larger tier is walked in
   * products_relevance_idx's order (quality, then newest) while checking the text, and the walk
   * stops after one page; a smaller one is fetched through the text index and sorted; an empty one
   * costs its posting lists, never a walk to the end of the index. A cursor skips the tiers above
   * its own. The page is the best of what the tiers give.
   */
  async function relevancePage() {
    const { tiers, tierOf } = textTiers(terms);
    const cursorTier = cursor?.t ?? Infinity;
    const left = tiers
      .filter(({ tier }) => tier <= cursorTier)
      .map(({ tier, condition }) => ({
        tier,
        where: and(whereFor('q'), condition, cursor && tier === cursorTier ? afterInTier(cursor) : undefined),
      }));
    const tierRows = (executor: Executor, where: SQL | undefined) =>
      executor
        .select({ id: products.id })
        .from(products)
        .innerJoin(users, eq(users.id, products.sellerId))
        .where(where)
        .orderBy(...qualityOrder)
        .limit(query.limit + 1);
    const { walked, fetchedIds } = await throughTextIndex(db, async (tx) => {
      // How many each tier holds, through the index and only up to TIER_WALK_MIN + 1. Without
      // the seller join: with it the planner reads each seller's listings instead of the text
      // index. A deleted seller's listings only make a tier look larger than it is.
      const counts = await tx.execute(
        sql`select ${sql.join(
          tiers.map(
            ({ tier, condition }) =>
              sql`(select count(*)::int from (${tx
                .select({ one: sql`1` })
                .from(products)
                .where(and(isNull(products.deletedAt), condition, ...filters.values()))
                .limit(TIER_WALK_MIN + 1)}) bounded) as ${sql.identifier(`tier${tier}`)}`,
          ),
          sql`, `,
        )}`,
      );
      const row = (counts as unknown as { rows: Record<string, number>[] }).rows[0] ?? {};
      const sizeOf = (tier: number) => Number(row[`tier${tier}`] ?? 0);
      const walked: SQL[] = [];
      const fetched: SQL[] = [];
      for (const { tier, where } of left) {
        const size = sizeOf(tier);
        if (size > 0) (size > TIER_WALK_MIN ? walked : fetched).push(where ?? sql`true`);
      }
      const fetchedIds: string[] = [];
      for (const where of fetched) fetchedIds.push(...(await tierRows(tx, where)).map((r) => r.id));
      return { walked, fetchedIds };
    });
    if (!walked.length && !fetchedIds.length) return [];
    // One list of ids for the page: the fetched tiers' and each walk's.
    const sources = walked.map((where) => sql`(${tierRows(db, where)})`);
    if (fetchedIds.length)
      sources.push(
        sql`(select unnest(array[${sql.join(
          fetchedIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]))`,
      );
    return pageQuery(
      sql`${products.id} in (${sql.join(sources, sql` union all `)})`,
      [sql`${tierOf} desc`, ...qualityOrder],
      tierOf,
    );
  }
}
