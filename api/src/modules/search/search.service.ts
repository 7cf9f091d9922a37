import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { EXACT_TOTAL_LIMIT, type SearchSort } from 'shared-contracts/listing-vocabulary';
import type { SearchQuery, SearchResult } from 'shared-contracts/search';
import { runWithKeptPlan, type Database, type Executor } from '../../db/index';
import { adverts, categories, products, sellerRatings, users } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import type { CursorCodec } from '../../lib/signed-cursor';
import { toCents } from '../../lib/money';
import { countListed, listedCondition, productColumns } from '../products/products.repository';
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
/**
 * How the search reads a large catalogue (docs/decisions/0050-search-at-a-million.md). Above
 * `smallCatalogue` listed listings a query is first sized on a sample of about `sampleRows`
 * rows; up to `sparseMatches` estimated matches it is read and counted exactly through the text
 * index (cost grows with the matches), above that its page is found by walking the order's index
 * for at most `walkRows` rows (cost grows with the page) and its total and facets are the
 * sample's, labelled 'about'.
 */
export interface SearchTuning {
  smallCatalogue: number;
  sampleRows: number;
  sparseMatches: number;
  walkRows: number;
}
export const SEARCH_TUNING: SearchTuning = {
  smallCatalogue: 8_000,
  sampleRows: 2_000,
  // Exact up to the bound every list uses; a count above it costs a row per match.
  sparseMatches: EXACT_TOTAL_LIMIT,
  walkRows: 5_000,
};
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

/**
 * A buyer's word, and the lexicon's words that start with it ('16' → 16gb, 16in): matched whole,
 * they let the GIN index skip through its posting lists, where a prefix match ('16:*') reads
 * every one in full (at a million listings, 330 ms against 29 ms for two common words). Null
 * when there are none or too many: then the word is matched as a prefix.
 */
export interface Term {
  word: string;
  startsOf: string[] | null;
}
/** More words than this starting with a buyer's word and it is matched as a prefix instead. */
const MAX_WORDS_PER_PREFIX = 16;

/** A word as a tsquery operand: quoted, so a lexeme's hyphen or dot is not read as syntax. */
const quoted = (word: string, mark = '') => `'${mark}${word.replace(/['\\]/g, (c) => `\\${c}`)}'`;
/** The word as a prefix, or each word of the lexicon it starts (the same matches, faster). */
const alternatives = (t: Term, mark = '') =>
  t.startsOf ? `(${t.startsOf.map((w) => quoted(w, mark)).join(' | ')})` : `${quoted(t.word, mark)}:*`;

/**
 * Each term with the lexicon's words that start with it, in one query. The lexicon holds every
 * word of two letters or more of every live listing (name, keywords, description, unstemmed), so
 * the words found are all the words the prefix would match.
 */
async function withLexiconWords(db: Database, words: string[]): Promise<Term[]> {
  if (!words.length) return [];
  const result = await db.execute(sql`
    select t.word, array(
      select l.word from search_lexicon l
      where l.word like t.word || '%' and l.listings > 0
      order by l.word limit ${MAX_WORDS_PER_PREFIX + 1}
    ) as starts_of
    from unnest(array[${sql.join(
      words.map((w) => sql`${w}`),
      sql`, `,
    )}]::text[]) as t(word)`);
  const rows = (result as unknown as { rows: { word: string; starts_of: string[] }[] }).rows;
  const found = new Map(rows.map((r) => [r.word, r.starts_of]));
  return words.map((word) => {
    const startsOf = found.get(word) ?? [];
    // One letter: the lexicon keeps words of two letters or more, so it may not know them all.
    const complete = word.length >= 2 && startsOf.length > 0 && startsOf.length <= MAX_WORDS_PER_PREFIX;
    return { word, startsOf: complete ? startsOf : null };
  });
}

// Terms are letters, marks and digits only and lexicon words are quoted, so the tsquery syntax
// cannot be injected; each query text is a bound parameter.

/** Every word somewhere: as typed, or stemmed as the description is; each a prefix ('16' → '16gb'). */
const anyFieldQuery = (terms: Term[]): SQL =>
  sql`(${sql.join(
    terms.map(
      (t) => sql`(to_tsquery('simple', ${alternatives(t)}) || to_tsquery('english', ${alternatives(t)}))`,
    ),
    sql` && `,
  )})`;
/** Every word in the name or keywords, each a prefix. */
const titlePrefixQuery = (terms: Term[]): SQL =>
  sql`to_tsquery('simple', ${terms.map((t) => alternatives(t)).join(' & ')})`;
/**
 * Every word in the name or keywords as a prefix, among search_vector's title words (marked '~' by
 * search_title_marked). A cast, not to_tsquery: the parser would drop the mark.
 */
const markedTitlePrefixQuery = (terms: Term[]): SQL =>
  sql`${terms.map((t) => alternatives(t, '~')).join(' & ')}::tsquery`;
/** Every word in the name or keywords, whole. */
const titleExactQuery = (terms: Term[]): SQL =>
  sql`to_tsquery('simple', ${terms.map((t) => quoted(t.word)).join(' & ')})`;

const textCondition = (terms: Term[]): SQL => sql`${products.searchVector} @@ ${anyFieldQuery(terms)}`;

/**
 * Relevance's text tiers, best first; each match is in exactly one. A title that says every word
 * whole ('thinkpad t14'), then one that says them as prefixes ('t14s'), then a match that needs
 * the description or a stem.
 */
function textTiers(terms: Term[]) {
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
  // Few listings are verified: products_verified_newest_idx (partial) holds exactly them.
  if (query.verified) f.set('verified', isNotNull(products.verifiedAt));
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

/** Listings matching `where`, counted up to EXACT_TOTAL_LIMIT + 1 and no further. */
async function boundedCount(db: Executor, where: SQL | undefined): Promise<number> {
  // Drizzle's builders are mutable (.limit() changes the query it is called on): one per use.
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(where)
      .limit(EXACT_TOTAL_LIMIT + 1)
      .as('bounded'),
  );
  return row?.n ?? 0;
}

/** Listings matching `where`, every one counted: for a query known to match few. */
async function exactCount(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(where);
  return row?.n ?? 0;
}

/** Two significant figures: 'about 98,000', not a precision a sample does not have. */
function roughly(n: number): number {
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(n, 1))) - 1);
  return Math.round(n / magnitude) * magnitude;
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

interface FacetRow {
  category: string | null;
  condition: string | null;
  cpu: string | null;
  ram: number | null;
  n: number;
  grouping: number;
}

/**
 * Every facet's counts, and the total, from grouping-sets rows. grouping() sets a bit for each
 * column NOT in the row's set: 0b1111 is the total, 0b0111 category, 0b1011 condition…
 * `scale` turns a sample's counts into estimates of the whole.
 */
function facetsOf(rows: FacetRow[], scale = 1): { total: number; facets: Facets } {
  const facets: Facets = { category: [], condition: [], cpu: [], ram: [] };
  let total = 0;
  const count = (n: number) => (scale === 1 ? n : roughly(n * scale));
  for (const r of rows) {
    const n = count(Number(r.n));
    if (r.grouping === 0b1111) total = Number(r.n);
    else if (r.grouping === 0b0111 && r.category !== null)
      facets.category.push({ value: r.category, count: n });
    else if (r.grouping === 0b1011 && r.condition !== null)
      facets.condition.push({ value: r.condition, count: n });
    else if (r.grouping === 0b1101 && r.cpu !== null) facets.cpu.push({ value: r.cpu, count: n });
    else if (r.grouping === 0b1110 && r.ram !== null) facets.ram.push({ value: String(r.ram), count: n });
  }
  for (const list of Object.values(facets)) list.sort(byCountThenValue);
  return { total, facets };
}

const FACET_SELECT = sql`${products.categoryId} as category, ${products.quality} as condition,
  ${products.cpuLine} as cpu, ${products.ramGb} as ram, count(*)::int as n,
  grouping(${products.categoryId}, ${products.quality}, ${products.cpuLine}, ${products.ramGb})::int as grouping`;
const FACET_GROUPS = sql`grouping sets ((), (${products.categoryId}), (${products.quality}), (${products.cpuLine}), (${products.ramGb}))`;

/** Every facet's counts under `where`, in one pass over the matches. */
async function facetCounts(db: Executor, where: SQL | undefined): Promise<Facets> {
  const result = await db.execute(
    sql`select ${FACET_SELECT} from ${products} inner join ${users} on ${users.id} = ${products.sellerId}
        where ${where ?? sql`true`} group by ${FACET_GROUPS}`,
  );
  return facetsOf((result as unknown as { rows: FacetRow[] }).rows).facets;
}

/**
 * The total and facets of `where` estimated from a sample of the table's pages: `fraction` of
 * them, the same pages every time (REPEATABLE), so a query's estimate stays put between pages
 * and replicas. Costs what the sample's rows cost, whatever the query matches.
 */
async function sampledCounts(db: Database, where: SQL | undefined, fraction: number) {
  const result = await db.execute(
    sql`select ${FACET_SELECT}
        from ${products} tablesample system (${fraction * 100}) repeatable (1)
        inner join ${users} on ${users.id} = ${products.sellerId}
        where ${where ?? sql`true`} group by ${FACET_GROUPS}`,
  );
  const { total, facets } = facetsOf((result as unknown as { rows: FacetRow[] }).rows, 1 / fraction);
  return { estimate: total / fraction, facets };
}

/** One facet's counts under `where`. */
async function countsOf(db: Executor, name: FacetName, where: SQL | undefined) {
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
  db: Executor,
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
 * rows that meet all but at most one. In a large catalogue (`fraction` set) they are counted on
 * the sample that sized the search and scaled, rounded as estimates are: an exact count of a
 * relaxation the indexes cannot narrow reads the whole table (1.2 s at a million listings), and a
 * suggestion needs only its order of magnitude.
 */
async function relaxations(
  db: Database,
  names: string[],
  whereFor: (without?: string) => SQL | undefined,
  fraction: number | null,
): Promise<SearchResult['relax']> {
  if (!names.length) return [];
  const dropping = names.map((name, i) => ({ name, flag: `r${i}`, where: whereFor(name) ?? sql`true` }));
  const from =
    fraction === null
      ? sql`${products}`
      : sql`${products} tablesample system (${fraction * 100}) repeatable (1)`;
  const result = await db.execute(
    sql`select ${sql.join(
      dropping.map(
        ({ flag, where }) => sql`(count(*) filter (where ${where}))::int as ${sql.identifier(flag)}`,
      ),
      sql`, `,
    )} from ${from} inner join ${users} on ${users.id} = ${products.sellerId}
      where ${and(listedCondition, or(...dropping.map(({ where }) => where)))}`,
  );
  const counts = (result as unknown as { rows: Record<string, number>[] }).rows[0];
  return dropping
    .map(({ name, flag }) => {
      const counted = Number(counts?.[flag] ?? 0);
      return { filter: name, total: fraction === null ? counted : roughly(counted / fraction) };
    })
    .filter((r) => r.total > 0)
    .sort((a, b) => b.total - a.total);
}

// ---- The search --------------------------------------------------------------------------------

/**
 * The listings with these ids (a page's, found by a walk or through the text index), as one array
 * parameter: one statement text for any number of them, whose plan pageOf keeps.
 */
const idIn = (ids: string[]) => sql`${products.id} = any(${sql.param(ids)}::text[])`;

/** How big a query's answer is, and so how its page is read (docs/decisions/0050-search-at-a-million.md). */
interface Size {
  total: number;
  totalIsEstimate: boolean;
  /** Read by walking the order's index: the matches are too many to fetch through the text index. */
  dense: boolean;
  /** The sample's facets when dense; exact ones are counted after the page when not. */
  facets: Facets | null;
}

export async function searchListings(
  db: Database,
  query: SearchQuery,
  publicApiUrl: string,
  cursors: CursorCodec,
  tuning: SearchTuning = SEARCH_TUNING,
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
  let spelled = await withLexiconWords(db, terms);
  const useTerms = async (words: string[]) => {
    terms = words;
    spelled = await withLexiconWords(db, words);
  };
  /** Everything but the listing's being listed: what a walk checks row by row. */
  const matchFor = (without?: string) =>
    and(
      terms.length && without !== 'q' ? textCondition(spelled) : undefined,
      ...[...filters].filter(([name]) => name !== without).map(([, condition]) => condition),
    );
  const whereFor = (without?: string) => and(listedCondition, matchFor(without));

  const listed = await countListed(db);
  const fraction = listed > tuning.smallCatalogue ? Math.min(1, tuning.sampleRows / listed) : null;
  /** Small catalogues and few matches are counted; many matches are estimated from the sample. */
  const size = async (): Promise<Size> => {
    if (fraction !== null && (terms.length || filters.size)) {
      const sample = await sampledCounts(db, whereFor(), fraction);
      if (sample.estimate > tuning.sparseMatches)
        return { total: roughly(sample.estimate), totalIsEstimate: true, dense: true, facets: sample.facets };
    }
    const count = (executor: Executor) => exactCount(executor, whereFor());
    const total = terms.length ? await throughTextIndex(db, count) : await count(db);
    return { total, totalIsEstimate: false, dense: false, facets: null };
  };

  // The words as typed first; when they find only a few listings, the words many more listings
  // use (a typo, most likely), if those find more. A cursor page repeats what its first page did.
  let mode: Mode = cursor?.m ?? 'fts';
  if (mode === 'corrected') await useTerms(await correctTerms(db, typed));
  let sized = await size();
  if (!cursor && typed.length && sized.total <= FEW_MATCHES) {
    const corrected = await correctTerms(db, typed);
    if (corrected.some((word, i) => word !== typed[i])) {
      const asTyped = spelled;
      await useTerms(corrected);
      const correctedSize = await size();
      if (correctedSize.total > sized.total) {
        mode = 'corrected';
        sized = correctedSize;
      } else {
        terms = typed;
        spelled = asTyped;
      }
    }
  }

  // Nothing found: no page to read; how many each filter (or the text) would find if dropped.
  if (sized.total === 0 && !cursor) {
    // "Verified devices only" is the buyer's explicit choice: the empty state does not offer to drop it.
    const names = [...filters.keys(), ...(terms.length ? ['q'] : [])].filter((name) => name !== 'verified');
    return {
      ...empty,
      relax: await relaxations(db, names, whereFor, fraction),
      correctedQuery: mode === 'corrected' ? terms.join(' ') : null,
    };
  }

  const rows = sort === 'relevance' ? await relevancePage(sized.dense) : await sortedPage(sort, sized.dense);
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

  const facets = cursor
    ? null
    : sized.dense
      ? sized.facets
      : sized.total > 0 && sized.total <= EXACT_TOTAL_LIMIT
        ? terms.length
          ? await throughTextIndex(db, (tx) => disjunctiveFacets(tx, filters, whereFor))
          : await disjunctiveFacets(db, filters, whereFor)
        : null;

  return {
    items: page.map((row) => toProduct(row, publicApiUrl)),
    nextCursor,
    total: sized.total,
    totalIsEstimate: sized.totalIsEstimate,
    sort,
    facets,
    relax: [],
    correctedQuery: mode === 'corrected' ? terms.join(' ') : null,
  };

  /**
   * One page's listings by their ids, with what the next cursor needs. Its plan is the same for
   * any ids (key lookups, then a sort of a page), so it keeps it: planning this five-table join
   * took 1.5 ms of each search's 2.6 ms fetch at a million listings.
   */
  function pageOf(ids: string[], orderBy: SQL[], tier: SQL<number> = sql<number>`0`) {
    return runWithKeptPlan(db, (on) =>
      on
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
        .where(idIn(ids))
        .orderBy(...orderBy)
        .limit(query.limit + 1),
    );
  }

  /**
   * The first `wanted` listed rows in `orderBy`'s order that meet `match`, found by walking the
   * order's index for at most tuning.walkRows listed rows and checking each; null when the walk
   * ends with fewer (then the matches are rare and the text index fetches them cheaply). The
   * rows found are the first in the order: the walk meets them in it.
   */
  async function walk(match: SQL | undefined, orderBy: SQL[], wanted: number): Promise<string[] | null> {
    const walked = db
      .select({ id: products.id, hit: sql<boolean>`coalesce(${match ?? sql`true`}, false)`.as('hit') })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      // The brand and 'available only' narrow the walk itself: each order has an index per brand
      // and one over available listings, so the walk reads an index in order instead of sorting.
      .where(and(listedCondition, filters.get('category'), filters.get('available')))
      .orderBy(...orderBy)
      .limit(tuning.walkRows)
      .as('walked');
    const found = await db
      .select({ id: walked.id })
      .from(walked)
      .where(sql`${walked.hit}`)
      .limit(wanted);
    return found.length === wanted ? found.map((r) => r.id) : null;
  }

  /** The first `wanted` matches in `orderBy`'s order, fetched through the text index and sorted. */
  async function fetched(match: SQL | undefined, orderBy: SQL[], wanted: number): Promise<string[]> {
    const read = (executor: Executor) =>
      executor
        .select({ id: products.id })
        .from(products)
        .innerJoin(users, eq(users.id, products.sellerId))
        .where(and(listedCondition, match))
        .orderBy(...orderBy)
        .limit(wanted);
    return (terms.length ? await throughTextIndex(db, read) : await read(db)).map((r) => r.id);
  }

  /** A dense query walks first and fetches when the walk comes up short; a sparse one fetches. */
  async function firstMatches(match: SQL | undefined, orderBy: SQL[], wanted: number, dense: boolean) {
    return (dense ? await walk(match, orderBy, wanted) : null) ?? (await fetched(match, orderBy, wanted));
  }

  async function sortedPage(by: Exclude<SearchSort, 'relevance'>, dense: boolean) {
    const order = orderFor(by);
    const ids = await firstMatches(
      and(matchFor(), cursor ? order.after(cursor) : undefined),
      order.orderBy,
      query.limit + 1,
      dense,
    );
    return ids.length ? pageOf(ids, order.orderBy) : [];
  }

  /**
   * Relevance over every match, tier by tier (best first), each tier in products_relevance_idx's
   * order (quality, then newest). A cursor skips the tiers above its own and starts its own after
   * its row. Each tier gives what the page still lacks; a dense query usually fills the page from
   * the first tier's walk.
   */
  async function relevancePage(dense: boolean) {
    const { tiers, tierOf } = textTiers(spelled);
    const cursorTier = cursor?.t ?? Infinity;
    const ids: string[] = [];
    for (const { tier, condition } of tiers) {
      if (tier > cursorTier) continue;
      const wanted = query.limit + 1 - ids.length;
      if (wanted <= 0) break;
      const match = and(
        matchFor('q'),
        condition,
        cursor && tier === cursorTier ? afterInTier(cursor) : undefined,
      );
      ids.push(...(await firstMatches(match, qualityOrder, wanted, dense)));
    }
    if (!ids.length) return [];
    return pageOf(ids, [sql`${tierOf} desc`, ...qualityOrder], tierOf);
  }
}
