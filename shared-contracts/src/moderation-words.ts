import { z } from './zod';
import { singleLineText } from './text';
import { listQuerySchema } from './pagination';

/**
 * The operators' moderation word list (docs/product.md#automatic-checks): a listing whose name or
 * description holds one of these words, as a whole word and whatever its case, waits for an
 * operator with the flag 'listed-word'.
 */

export const MIN_MODERATION_WORD_LENGTH = 2;
export const MAX_MODERATION_WORD_LENGTH = 40;

/** The refusal's code when the word is already on the list (in any case). */
export const MODERATION_WORD_TAKEN = 'moderation_word_taken';

export const ModerationWordInputSchema = z.object({
  word: singleLineText()
    .trim()
    .min(MIN_MODERATION_WORD_LENGTH)
    .max(MAX_MODERATION_WORD_LENGTH)
    .describe('A word or short phrase, 2–40 characters on one line; matched as a whole word, any case'),
});
export type ModerationWordInput = z.infer<typeof ModerationWordInputSchema>;

export const ModerationWordSchema = z.object({
  _id: z.string(),
  word: z.string(),
  /** The e-mail of the admin who added it; null when an operator command on the server did. */
  addedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationWord = z.infer<typeof ModerationWordSchema>;
export const ModerationWordListSchema = z.array(ModerationWordSchema);

/** The admin list's query (docs/decisions/0030-dashboard-list-queries.md), searched by the word. */
export const ModerationWordSorts = { date: 'desc', word: 'asc' } as const;
export const ModerationWordsQuerySchema = listQuerySchema(ModerationWordSorts);
export type ModerationWordsQuery = z.infer<typeof ModerationWordsQuerySchema>;

/** DELETE /admin/moderation-words/{id}: the word is off the list. */
export const ModerationWordRemovedSchema = z.object({ deleted: z.literal(true) });
