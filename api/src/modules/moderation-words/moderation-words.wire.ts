import type { ModerationWord } from 'shared-contracts/moderation-words';

/** A word of the operators' list as the admin list answers it. */
export const toModerationWord = (row: {
  id: string;
  word: string;
  addedBy: string | null;
  createdAt: Date;
}): ModerationWord => ({
  _id: row.id,
  word: row.word,
  addedBy: row.addedBy,
  createdAt: new Date(row.createdAt).toISOString(),
});
