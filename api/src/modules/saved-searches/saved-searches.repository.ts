import { and, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { LIVE_EVENTS_CHANNEL } from 'shared-contracts/notifications';
import type { PaginationQuery } from 'shared-contracts/pagination';
import { executePrepared, type Database, type Executor } from '../../db/index';
import {
  products,
  savedSearches,
  savedSearchMatches,
  savedSearchUnmatched,
  users,
} from '../../db/schema/index';
import { pageWindow } from '../../lib/http';

/** Every read and write of saved searches and their matches (docs/product.md#saved-searches), in SQL. */

export interface SavedSearchColumns {
  id: string;
  userId: string;
  query: string;
  words: string | null;
  /** The words as tsquery text, each a prefix as typed or stemmed, all required; null for none. */
  wordsQuery: SQL | null;
  categoryId: string | null;
  minPriceCents: number | null;
  maxPriceCents: number | null;
  conditions: string[] | null;
  minRamGb: number | null;
  minStorageGb: number | null;
  storageType: string | null;
  cpuLines: string[] | null;
  minScreenTenths: number | null;
  maxScreenTenths: number | null;
  minYear: number | null;
  maxYear: number | null;
  location: string | null;
  /** "Verified devices only" (`verified=true`): an unverified listing never matches. */
  verifiedOnly: boolean;
}

export async function countSearches(db: Executor, userId: string) {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

/** Saves the search; answers false when the user saved this very query already (the unique key). */
export async function insertSearch(tx: Executor, s: SavedSearchColumns) {
  const inserted = await tx
    .insert(savedSearches)
    .values({
      id: s.id,
      userId: s.userId,
      query: s.query,
      words: s.words,
      wordsQuery: s.wordsQuery === null ? null : sql`${s.wordsQuery}`,
      categoryId: s.categoryId,
      // Inclusive bounds like the search's minPrice/maxPrice; a missing bound is unbounded.
      priceRange: sql`int4range(${s.minPriceCents}::int, ${s.maxPriceCents}::int, '[]')`,
      conditions: s.conditions,
      minRamGb: s.minRamGb,
      minStorageGb: s.minStorageGb,
      storageType: s.storageType,
      cpuLines: s.cpuLines,
      minScreenTenths: s.minScreenTenths,
      maxScreenTenths: s.maxScreenTenths,
      minYear: s.minYear,
      maxYear: s.maxYear,
      location: s.location,
      verifiedOnly: s.verifiedOnly,
      createdAt: sql`now()`,
    })
    .onConflictDoNothing()
    .returning({ id: savedSearches.id });
  return inserted.length > 0;
}

const listColumns = {
  id: savedSearches.id,
  query: savedSearches.query,
  words: savedSearches.words,
  createdAt: savedSearches.createdAt,
};

export async function findSearchByQuery(db: Executor, userId: string, query: string) {
  const [row] = await db
    .select(listColumns)
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.query, query)))
    .limit(1);
  return row ?? null;
}

/** One page of the user's searches, newest first; `search` is a substring of the query string. */
export async function listSearches(
  db: Database,
  userId: string,
  query: PaginationQuery,
  search: string | null,
  order: 'asc' | 'desc',
) {
  const { limit, offset } = pageWindow(query);
  const where = and(
    eq(savedSearches.userId, userId),
    search === null
      ? undefined
      : ilike(savedSearches.query, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
  );
  const direction =
    order === 'desc' ? desc : (c: typeof savedSearches.createdAt | typeof savedSearches.id) => c;
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(savedSearches)
      .where(where)
      .orderBy(direction(savedSearches.createdAt), direction(savedSearches.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(savedSearches).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type SavedSearchListRow = Awaited<ReturnType<typeof listSearches>>['rows'][number];

/** Removes one of the user's searches (its waiting matches go with it); false when none. */
export async function deleteSearch(db: Executor, userId: string, id: string) {
  const removed = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return removed.length > 0;
}

/**
 * Notes in the publish's transaction that a listing waits to be matched: one row, whatever the
 * number of saved searches. A rolled-back publish leaves none; a second publish of the same
 * listing adds nothing.
 */
export async function queueForMatching(tx: Executor, productId: string): Promise<void> {
  await tx.insert(savedSearchUnmatched).values({ productId }).onConflictDoNothing();
}

/**
 * Matches the waiting listing published longest ago against every saved search and tells the
 * owners, in a transaction of its own: the row is claimed with SKIP LOCKED, so two API processes
 * never match the same listing, and deleted with the matches' insert, so a process that dies
 * midway leaves it to the next round. One listing per transaction keeps each short: on PGlite, whose one connection every
 * request shares, a publish waits at most for one listing's match. Answers whether a listing was
 * waiting.
 */
export async function matchNextWaitingListing(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await configureRoundTransaction(tx);
    const claimed = await tx.execute(sql`
      delete from saved_search_unmatched where product_id = (
        select product_id from saved_search_unmatched order by published_at limit 1
        for update skip locked
      ) returning product_id`);
    const id = (claimed as unknown as { rows: { product_id: string }[] }).rows[0]?.product_id;
    if (id) await matchSavedSearches(tx, id);
    return id !== undefined;
  });
}

/**
 * The bell of saved-search matches, as two CTEs that follow the CTE named by `matches`, whose rows
 * (user_id, product_id) the same statement writes: `told` writes one bell row per owner and listing, however
 * many of the owner's searches it matched, and `live` one live event per bell row (sent at
 * commit). A listing gone or no longer available, or an owner's deleted account, tells nobody. The
 * statement must read `live` (a count of it) for the events to be sent.
 */
const tellOwnersOf = (matches: SQL) => sql`told as (
        insert into notifications (user_id, kind, params, link)
        select o.user_id, 'saved-search-match',
          jsonb_build_object('productId', p.id, 'productName', p.name, 'price', p.price_cents / 100.0),
          '/details/' || p.id
        from (select distinct user_id, product_id from ${matches}) o
        join products p on p.id = o.product_id and p.deleted_at is null and p.status = 'available'
        join users u on u.id = o.user_id and u.deleted_at is null
        returning user_id
      ), live as (
        select pg_notify(${LIVE_EVENTS_CHANNEL}, json_build_object('userId', user_id, 'type', 'notification')::text)
        from told
      )`;

/**
 * Matches one listing against every saved search and tells the owners, in one statement, in the
 * caller's transaction (the round's, matchNextWaitingListing, or a verification's approval). The
 * GiST index on price_range finds the searches whose band holds the price; the other filters and
 * the words (the listing's search_vector against the stored tsquery) are checked on those rows
 * only. A search of the seller's own, or of a deleted account, never matches. Each owner gets one
 * bell row and one live event (tellOwnersOf) however many of their searches matched. The
 * matches' primary key keeps a listing matched twice (a second publish) from being recorded, and so
 * told, twice. With `verifiedOnlySearches`, only the "Verified devices only" searches are asked: a
 * listing verified after its publish is news to them alone (the others heard of it at publish, or
 * were saved after it and are not told of an old listing). One statement rather than a match and
 * a later tell: the matches are written once, already told, instead of written and then updated.
 * Prepared under a name (executePrepared): each connection plans it once instead of at every
 * listing, which cost about 9 ms of the round step's 40 on PostgreSQL with 10,000 searches.
 * Answers how many matches were recorded.
 */
export async function matchSavedSearches(
  tx: Executor,
  productId: string,
  { verifiedOnlySearches = false }: { verifiedOnlySearches?: boolean } = {},
): Promise<number> {
  const result = await executePrepared(
    tx,
    'match_saved_searches',
    sql`
    with p as (
      select id, seller_id, category_id, price_cents, quality, ram_gb, storage_gb, storage_type,
        cpu_line, screen_tenths, year, location, search_vector, verified_at
      from products where id = ${productId} and deleted_at is null and review_state = 'published' and status = 'available'
    ), matched as (
      insert into saved_search_matches (saved_search_id, product_id, user_id, digested_at, told_at)
      -- One who unsubscribed from the digest still hears in the bell; no mail waits for them.
      select s.id, p.id, s.user_id, case when u.search_digest then null else now() end, now()
      from p
      join saved_searches s on s.price_range @> p.price_cents
      join users u on u.id = s.user_id and u.deleted_at is null
      where s.user_id <> p.seller_id
        and (s.category_id is null or s.category_id = p.category_id)
        and (s.conditions is null or p.quality = any (s.conditions))
        and (s.min_ram_gb is null or p.ram_gb >= s.min_ram_gb)
        and (s.min_storage_gb is null or p.storage_gb >= s.min_storage_gb)
        and (s.storage_type is null or p.storage_type = s.storage_type)
        and (s.cpu_lines is null or p.cpu_line = any (s.cpu_lines))
        and (s.min_screen_tenths is null or p.screen_tenths >= s.min_screen_tenths)
        and (s.max_screen_tenths is null or p.screen_tenths <= s.max_screen_tenths)
        and (s.min_year is null or p.year >= s.min_year)
        and (s.max_year is null or p.year <= s.max_year)
        and (s.location is null or strpos(lower(p.location), lower(s.location)) > 0)
        and (s.words_query is null or p.search_vector @@ s.words_query)
        and (not s.verified_only or p.verified_at is not null)
        and (${!verifiedOnlySearches} or s.verified_only)
      on conflict do nothing
      returning user_id, product_id
    ), ${tellOwnersOf(sql`matched`)}
    select (select count(*) from matched)::int as n, (select count(*) from live)::int as told`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/**
 * Tells the owners of the untold matches of the listing matched longest ago, in a transaction of
 * its own: stamps them told and writes one bell row and one live event per owner (tellOwnersOf).
 * Matches are recorded told since matching and telling became one statement (matchSavedSearches);
 * untold ones are left only by an API process of the previous release that stopped between its
 * match and its tell, and the round tells them first (runSavedSearchRound), so a rolling upgrade
 * loses no alert. Two API processes racing on the same matches tell once: the second's update
 * finds them told (the row lock makes it re-check told_at). Answers how many owners were told.
 */
export async function tellNextMatchedListing(db: Database): Promise<number> {
  const result = await db.transaction(async (tx) => {
    await configureRoundTransaction(tx);
    return tx.execute(sql`
      with due as (
        select product_id from saved_search_matches where told_at is null
        group by product_id order by min(matched_at) limit 1
      ), marked as (
        update saved_search_matches m set told_at = now()
        from due where m.product_id = due.product_id and m.told_at is null
        returning m.user_id, m.product_id
      ), ${tellOwnersOf(sql`marked`)}
      select (select count(*) from live)::int as told`);
  });
  return (result as unknown as { rows: { told: number }[] }).rows[0]?.told ?? 0;
}

/**
 * The round's transactions commit without waiting for their WAL to reach the disk: a crash loses
 * a whole recent round transaction or none of it, and the next round redoes what it lost (the
 * listing is still waiting), so nothing a user was promised is lost, while a publish committing
 * meanwhile does not queue its flush behind the round's. Their prepared statements run on the
 * generic plan from the first use: the match's plan does not depend on the listing, and PostgreSQL
 * would otherwise plan it afresh for five listings on every connection before choosing.
 */
async function configureRoundTransaction(tx: Executor) {
  await tx.execute(
    sql`select set_config('synchronous_commit', 'off', true), set_config('plan_cache_mode', 'force_generic_plan', true)`,
  );
}

/**
 * Claims the user's daily digest: sets when it left, but only if the last one left a day ago or
 * more and they still want it. Concurrent API processes race on this update; one wins.
 */
export async function claimDigest(tx: Executor, userId: string, everyMinutes: number) {
  const claimed = await tx
    .update(users)
    .set({ searchDigestSentAt: sql`now()` })
    .where(
      and(
        eq(users.id, userId),
        eq(users.searchDigest, true),
        isNull(users.deletedAt),
        sql`(${users.searchDigestSentAt} is null or ${users.searchDigestSentAt} <= now() - make_interval(mins => ${everyMinutes}))`,
      ),
    )
    .returning({ email: users.email, name: users.name, language: users.language });
  return claimed[0] ?? null;
}

/**
 * Users whose digest is due: matches no digest has sent yet, the digest on, and the last one a
 * day ago or more (a bounded batch per round, so one round never holds the database long).
 */
export async function usersWithDueDigest(db: Executor, everyMinutes: number, limit: number) {
  const rows = await db
    .selectDistinct({ userId: savedSearchMatches.userId })
    .from(savedSearchMatches)
    .innerJoin(users, eq(users.id, savedSearchMatches.userId))
    .where(
      and(
        isNull(savedSearchMatches.digestedAt),
        eq(users.searchDigest, true),
        isNull(users.deletedAt),
        sql`(${users.searchDigestSentAt} is null or ${users.searchDigestSentAt} <= now() - make_interval(mins => ${everyMinutes}))`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.userId);
}

/**
 * Marks the user's waiting matches sent and answers their listings, each once however many of
 * the user's searches it matched, still listed, newest first.
 */
export async function takeWaitingMatches(tx: Executor, userId: string) {
  const result = await tx.execute(sql`
    with taken as (
      update saved_search_matches set digested_at = now()
      where user_id = ${userId} and digested_at is null
      returning product_id
    )
    select distinct p.id, p.name, p.price_cents, p.created_at
    from taken t join ${products} p on p.id = t.product_id
    where p.deleted_at is null and p.review_state = 'published' and p.status = 'available'
    order by p.created_at desc, p.id desc`);
  return (result as unknown as { rows: { id: string; name: string; price_cents: number }[] }).rows;
}

/** Turns the digest off; answers whether it was on (so a second click says "already"). */
export async function stopDigest(db: Executor, userId: string) {
  const stopped = await db
    .update(users)
    .set({ searchDigest: false })
    .where(and(eq(users.id, userId), eq(users.searchDigest, true)))
    .returning({ id: users.id });
  return stopped.length > 0;
}

/** An unsubscribed user's matches are marked sent without a mail, so they never pile up. */
export async function dropWaitingMatches(db: Executor, userId: string) {
  await db
    .update(savedSearchMatches)
    .set({ digestedAt: sql`now()` })
    .where(and(eq(savedSearchMatches.userId, userId), isNull(savedSearchMatches.digestedAt)));
}
