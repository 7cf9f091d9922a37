import type { Block } from 'shared-contracts/blocks';

/** A block row as the lists answer it. */
export const toBlock = (row: {
  userId: string;
  name: string | null;
  email: string;
  conversationId: string | null;
  createdAt: Date;
}): Block => ({
  userId: row.userId,
  name: row.name ?? '',
  email: row.email,
  conversationId: row.conversationId,
  createdAt: new Date(row.createdAt).toISOString(),
});
