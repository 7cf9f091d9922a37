import { z } from './zod';
import { IdSchema, listQuerySchema } from './pagination';

/**
 * Blocking between two people (docs/product.md#blocking): either person in a conversation blocks
 * the other, which stops messages, offers and bookings between them both ways until the blocker
 * unblocks.
 */

/** The refusal's code: the same for both people, so the blocked one is not told who blocked. */
export const BLOCKED_ERROR = 'blocked';

/** One person the signed-in reader blocked (Blocked people), or one block in an operator's record. */
export const BlockSchema = z.object({
  /** The blocked person (Blocked people), or the other person of the block (operators). */
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** The conversation it was made from, if it still exists. */
  conversationId: z.string().nullable(),
  createdAt: z.string(),
});
export type Block = z.infer<typeof BlockSchema>;
export const BlockListSchema = z.array(BlockSchema);

/** Blocked people: the dashboard's list query (docs/decisions/0030), searched by name or e-mail. */
export const BlockSorts = { date: 'desc', name: 'asc' } as const;
export const BlocksQuerySchema = listQuerySchema(BlockSorts);
export type BlocksQuery = z.infer<typeof BlocksQuerySchema>;

export const BlockedUserParamsSchema = z.object({ userId: IdSchema });

/** GET /admin/users/{userId}/blocks: an operator's view of a user's blocks, given and received. */
export const UserBlocksSchema = z.object({ given: BlockListSchema, received: BlockListSchema });
export type UserBlocks = z.infer<typeof UserBlocksSchema>;

export const BlockResultSchema = z.object({ blocked: z.boolean() });
