import { MODERATION_WORD_TAKEN, type ModerationWordInput } from 'shared-contracts/moderation-words';
import type { Database } from '../../db/index';
import { conflict, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../../services/audit';
import { deleteModerationWord, insertModerationWord } from './moderation-words.repository';
import { toModerationWord } from './moderation-words.wire';

/**
 * The operators' moderation word list (docs/product.md#automatic-checks). Every change is written
 * to the audit log in its own transaction, so the list and its history never disagree.
 */

/** POST /admin/moderation-words: 409 when the word is on the list already, whatever its case. */
export async function addModerationWord(
  db: Database,
  actor: AuditActor,
  input: ModerationWordInput,
  now: Date,
) {
  const word = input.word.normalize('NFC').replace(/\s+/g, ' ');
  return db.transaction(async (tx) => {
    const row = await insertModerationWord(tx, word, actor.id, now);
    if (!row)
      throw conflict(`“${word}” is already on the moderation word list`, MODERATION_WORD_TAKEN, { word });
    await recordAudit(tx, actor, {
      action: 'moderation-word.add',
      targetType: 'moderation-word',
      targetId: row.id,
      targetLabel: row.word,
      after: { word: row.word },
    });
    return toModerationWord({ ...row, addedBy: actor.id ? actor.label : null });
  });
}

/** DELETE /admin/moderation-words/:id: 404 when no word has this id. */
export async function removeModerationWord(db: Database, actor: AuditActor, id: string) {
  await db.transaction(async (tx) => {
    const row = await deleteModerationWord(tx, id);
    if (!row) throw notFound(`No moderation word with id ${id}`, 'moderation_word_not_found');
    await recordAudit(tx, actor, {
      action: 'moderation-word.remove',
      targetType: 'moderation-word',
      targetId: row.id,
      targetLabel: row.word,
      before: { word: row.word },
    });
  });
}
