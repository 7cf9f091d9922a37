import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { SearchQuerySchema, type SearchQuery } from 'shared-contracts/search';
import { MAX_SAVED_SEARCHES, type CreateSavedSearch } from 'shared-contracts/saved-searches';
import type { Database, Executor } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import type { Mailer } from '../../email/mailer';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { toCents } from '../../lib/money';
import { cursorCodec, type CursorCodec } from '../../lib/signed-cursor';
import { lockSaver } from '../saved/saved.repository';
import { searchTerms } from '../search/search.service';
import { searchDigestEmail } from './saved-search-digest-email';
import {
  claimDigest,
  countSearches,
  deleteSearch,
  findSearchByQuery,
  insertSearch,
  matchSavedSearches,
  matchNextWaitingListing,
  queueForMatching,
  stopDigest,
  takeWaitingMatches,
  tellNextMatchedListing,
  usersWithDueDigest,
  type SavedSearchColumns,
} from './saved-searches.repository';

/** Saved searches and their alerts (docs/product.md#saved-searches, docs/decisions/0058-saved-search-alerts.md). */

/** Parameters of the search page that are a place in a list, not part of what is searched. */
const NOT_SAVED = new Set(['cursor', 'limit', 'available', 'page']);

/**
 * The search page's query string read by the search's own schema: a search the page cannot run
 * cannot be saved. Answers the parsed search and its canonical form (sorted keys, one value each,
 * lists comma-joined) so the same search typed in another order is the same saved search.
 */
export function readSearchQuery(raw: string): { search: SearchQuery; canonical: string } {
  const params = new URLSearchParams(raw.startsWith('?') ? raw.slice(1) : raw);
  const input: Record<string, string> = {};
  for (const key of new Set(params.keys())) {
    if (NOT_SAVED.has(key)) continue;
    // "Verified devices only" is off unless `verified=true`: any other value is not part of the search.
    if (key === 'verified' && params.get(key) !== 'true') continue;
    input[key] = params.getAll(key).join(',');
  }
  const parsed = SearchQuerySchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? 'query';
    throw badRequest(`${field}: ${issue?.message ?? 'invalid'}`);
  }
  // Only the keys the schema knows are kept: an unknown parameter is not part of the search.
  const known = new Set(Object.keys(SearchQuerySchema.shape));
  const canonical = new URLSearchParams(
    Object.entries(input)
      .filter(([key, value]) => known.has(key) && value.trim() !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  ).toString();
  return { search: parsed.data, canonical };
}

/** A tsquery of every word, each a prefix as typed or stemmed as descriptions are (like search's own). */
function wordsQuery(terms: string[]): SQL | null {
  if (!terms.length) return null;
  // Terms are letters, marks and digits only (searchTerms), so quoting them is enough.
  const quoted = (w: string) => `'${w.replace(/['\\]/g, (c) => `\\${c}`)}':*`;
  return sql`(${sql.join(
    terms.map((t) => sql`(to_tsquery('simple', ${quoted(t)}) || to_tsquery('english', ${quoted(t)}))`),
    sql` && `,
  )})`;
}

export function columnsOf(id: string, userId: string, canonical: string, s: SearchQuery): SavedSearchColumns {
  const terms = searchTerms(s.q);
  return {
    id,
    userId,
    query: canonical,
    words: s.q?.trim() || null,
    wordsQuery: wordsQuery(terms),
    categoryId: s.category ?? null,
    minPriceCents: s.minPrice === undefined ? null : toCents(s.minPrice),
    maxPriceCents: s.maxPrice === undefined ? null : toCents(s.maxPrice),
    conditions: s.condition?.length ? s.condition : null,
    minRamGb: s.minRam ?? null,
    minStorageGb: s.minStorage ?? null,
    storageType: s.storageType ?? null,
    cpuLines: s.cpu?.length ? s.cpu : null,
    minScreenTenths: s.minScreen === undefined ? null : Math.round(s.minScreen * 10),
    maxScreenTenths: s.maxScreen === undefined ? null : Math.round(s.maxScreen * 10),
    minYear: s.minYear ?? null,
    maxYear: s.maxYear ?? null,
    location: s.location?.trim() || null,
    verifiedOnly: s.verified,
  };
}

/**
 * POST /saved-searches. Saving the same search again answers the one saved (no second row); a
 * search of no words and no filter would alert on every listing and is refused; the user's row
 * lock serialises two tabs so neither passes the cap.
 */
export async function saveSearch(db: Database, user: UserRow, input: CreateSavedSearch) {
  const { search, canonical } = readSearchQuery(input.query);
  const id = newId();
  const columns = columnsOf(id, user.id, canonical, search);
  const { id: _id, userId: _userId, query: _query, words: _words, ...narrowing } = columns;
  const narrows = Object.values(narrowing).some((v) => v !== null && v !== false);
  if (!narrows)
    throw badRequest(
      'A saved search needs words or at least one filter, or every new listing would match',
      'empty_saved_search',
    );
  return db.transaction(async (tx) => {
    await lockSaver(tx, user.id);
    const existing = await findSearchByQuery(tx, user.id, canonical);
    if (existing) return { row: existing, created: false };
    if ((await countSearches(tx, user.id)) >= MAX_SAVED_SEARCHES)
      throw conflict(
        `You can keep at most ${MAX_SAVED_SEARCHES} saved searches; delete one first`,
        'saved_search_limit',
        { max: MAX_SAVED_SEARCHES },
      );
    await insertSearch(tx, columns);
    const row = await findSearchByQuery(tx, user.id, canonical);
    if (!row) throw new Error('saved search vanished inside its own transaction');
    return { row, created: true };
  });
}

export async function removeSavedSearch(db: Database, user: UserRow, id: string) {
  if (!(await deleteSearch(db, user.id, id)))
    throw notFound(`No saved search with id ${id}`, 'saved_search_not_found');
}

/**
 * The hook of a listing becoming public: notes it, in the publish's transaction, as waiting to be
 * matched against every saved search. A listing that is rolled back waits for nobody; one that
 * commits is matched by the round after commit (runSavedSearchRound), within about a second.
 * Matching at publish held the publish for the whole match (hundreds of rows at 10,000 searches,
 * docs/benchmarks.md#saved-search-alerts), so the publish now pays one row. Called by the
 * moderation module wherever a listing becomes public (reviewNewListing, publishListing).
 */
export async function alertSavedSearches(tx: Executor, productId: string): Promise<void> {
  await queueForMatching(tx, productId);
}

/**
 * The hook of a listing's device verification being approved (verifications.service.ts): the
 * "Verified devices only" searches it now matches are matched and told in the approval's
 * transaction, as they would have been had it been verified at publish. Few searches ask for
 * verified devices only, so this stays in the approval. A listing not public matches nobody.
 */
export async function alertVerifiedOnlySearches(tx: Executor, productId: string): Promise<number> {
  return matchSavedSearches(tx, productId, { verifiedOnlySearches: true });
}

/** Listings one round matches and tells at most; the rest wait for the next. */
const ROUND_LISTINGS = 20;
/**
 * The pause after each listing of a round. A listing's matches and bell rows are about 20 ms of one
 * core on PostgreSQL at 10,000 saved searches; done back to back, a round's listings make one burst
 * that a publish landing in it shares the two cores with for its whole length. In slices, a publish
 * meets at most one short one: publish p99 with 10,000 saved searches
 * (docs/benchmarks.md#saved-search-alerts). A round still matches up to about 20 listings a second,
 * over 50 times the 1,000 an hour the alerts must keep up with.
 */
const ROUND_PAUSE_MS = 40;

/**
 * One round of the alerts: first the owners of any matches recorded but not yet told (left by an
 * API process of the previous release, which matched and told in two steps, when it stopped
 * between them), then each listing published since the last round, oldest first, matched against
 * the saved searches and told in the bell, one listing at a time with a pause after each. Every API
 * process runs it every second (plugins/expiry-sweeps.ts). Answers how much it did (owners told
 * plus listings matched), so a caller that must see the bell (a test) can run rounds until a round
 * does nothing.
 */
export async function runSavedSearchRound(db: Database): Promise<number> {
  let done = 0;
  for (let told = await tellNextMatchedListing(db); told > 0; told = await tellNextMatchedListing(db))
    done += told;
  for (let i = 0; i < ROUND_LISTINGS && (await matchNextWaitingListing(db)); i += 1) {
    done += 1;
    await sleep(ROUND_PAUSE_MS);
  }
  return done;
}

/** How often a user gets the digest at most. */
export const DIGEST_EVERY_MINUTES = 24 * 60;
/** Users one digest round writes to; the rest wait for the next round. */
const DIGEST_ROUND_USERS = 200;

/** The key purpose of the digest's unsubscribe tokens: a token signed for anything else is refused. */
const UNSUBSCRIBE_TOKEN_PURPOSE = 'search-digest-unsubscribe';

/** The codec of the digest's unsubscribe tokens, the one the link is signed and read with. */
export const unsubscribeTokens = (apiTokenSecret: string) =>
  cursorCodec(apiTokenSecret, UNSUBSCRIBE_TOKEN_PURPOSE);

export interface DigestDeps {
  mailer: Mailer;
  unsubscribeTokens: CursorCodec;
  publicApiUrl: string;
}

/** The one-click link of a user's digest: the API's unsubscribe endpoint with their signed token. */
export const unsubscribeUrl = (deps: DigestDeps, userId: string) =>
  `${deps.publicApiUrl}/saved-searches/unsubscribe?token=${encodeURIComponent(deps.unsubscribeTokens.encode({ u: userId }))}`;

/**
 * One round of the daily digest: each user whose digest is due gets one e-mail of the listings
 * matched since their last, each listing once. Claiming the user (claimDigest) and marking the
 * matches sent are in the transaction that writes the mail to the outbox, so a listing is sent
 * once even with several API processes (decision 0049: the mail leaves after the commit).
 * Answers how many digests were written.
 */
export async function sendSearchDigests(db: Database, deps: DigestDeps): Promise<number> {
  let sent = 0;
  for (const userId of await usersWithDueDigest(db, DIGEST_EVERY_MINUTES, DIGEST_ROUND_USERS)) {
    const wrote = await db.transaction(async (tx) => {
      const recipient = await claimDigest(tx, userId, DIGEST_EVERY_MINUTES);
      if (!recipient) return false;
      const listings = await takeWaitingMatches(tx, userId);
      // Every match was taken down since: nothing to say, and the day's digest is not spent.
      if (!listings.length) {
        await tx.execute(sql`update users set search_digest_sent_at = null where id = ${userId}`);
        return false;
      }
      const unsubscribe = unsubscribeUrl(deps, userId);
      const { subject, body } = searchDigestEmail({
        language: recipient.language,
        recipientName: recipient.name,
        unsubscribeUrl: unsubscribe,
        listings: listings.map((l) => ({
          name: l.name,
          price: l.price_cents / 100,
          url: deps.mailer.siteUrl(`/details/${l.id}`),
        })),
      });
      await deps.mailer.enqueue(tx, {
        kind: 'saved-search-digest',
        to: recipient.email,
        subject,
        body,
        params: { language: recipient.language, unsubscribe, listings: String(listings.length) },
      });
      return true;
    });
    if (wrote) sent += 1;
  }
  return sent;
}

/**
 * The digest's one-click unsubscribe: a token this API signed turns the user's digest off. A
 * second click (or the mail client's RFC 8058 POST after the click) answers the same, changing
 * nothing; a forged or edited token is a 400 and changes nothing.
 */
export async function unsubscribeDigest(db: Database, tokens: CursorCodec, token: string) {
  const claims = tokens.decode(token) as { u?: unknown } | null;
  if (!claims || typeof claims.u !== 'string')
    throw badRequest(
      'This unsubscribe link is not valid; open it from the e-mail again',
      'invalid_unsubscribe_token',
    );
  const stopped = await stopDigest(db, claims.u);
  return { stopped };
}
