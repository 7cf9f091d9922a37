import { z } from './zod';
import { IdSchema, listQuerySchema } from './pagination';
import { singleLineText } from './text';

/**
 * Saved searches (docs/product.md#saved-searches): a signed-in buyer keeps the search page's
 * words, filters and sort; a new listing that matches is told in the bell and in a daily digest.
 */

/** How many searches one user keeps; saving one more is refused with `saved_search_limit`. */
export const MAX_SAVED_SEARCHES = 50;
/** The longest query string a search page makes is far below this; longer is not a search. */
export const MAX_SAVED_SEARCH_QUERY_LENGTH = 1000;

/**
 * POST /saved-searches: the search page's query string (`q=thinkpad&maxPrice=60000&sort=newest`,
 * with or without its `?`). The API reads it with the search's own schema (shared-contracts/search),
 * so a search the page cannot run cannot be saved either.
 */
export const CreateSavedSearchSchema = z.object({
  query: singleLineText().max(
    MAX_SAVED_SEARCH_QUERY_LENGTH,
    `query is at most ${MAX_SAVED_SEARCH_QUERY_LENGTH} characters`,
  ),
});
export type CreateSavedSearch = z.infer<typeof CreateSavedSearchSchema>;

export const SavedSearchSchema = z.object({
  _id: z.string(),
  /** The canonical query string (no `?`): `/search?` + this opens the search again. */
  query: z.string(),
  /** The search's words, or null when it is filters only. */
  words: z.string().nullable(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;
export const SavedSearchListSchema = z.array(SavedSearchSchema);
/** POST /saved-searches answers the search and whether it was saved now (false: saved before). */
export const SavedSearchSavedSchema = SavedSearchSchema.extend({ created: z.boolean() });
export type SavedSearchSaved = z.infer<typeof SavedSearchSavedSchema>;

export const SavedSearchSorts = { createdAt: 'desc' } as const;
/** GET /saved-searches: the user's searches, paged, `q` searching their words and filters. */
export const SavedSearchesQuerySchema = listQuerySchema(SavedSearchSorts);
export type SavedSearchesQuery = z.infer<typeof SavedSearchesQuerySchema>;

/** DELETE /saved-searches/:id answers that it is gone. */
export const SavedSearchDeletedSchema = z.object({ acknowledged: z.boolean() });

export const SavedSearchParamsSchema = z.object({ id: IdSchema });

/** GET or POST /saved-searches/unsubscribe?token=…: the signed token of the digest's link. */
export const UnsubscribeQuerySchema = z.object({ token: singleLineText().min(1).max(400) });
export const UnsubscribeAnswerSchema = z.object({ unsubscribed: z.boolean(), message: z.string() });
