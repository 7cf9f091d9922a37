import { count, desc } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { emailOutbox } from '../../db/schema/index';

/** One page of the outbox, newest first, and how many messages it holds. */
export async function listOutbox(db: Database, { limit, offset }: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(emailOutbox)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(emailOutbox),
  ]);
  return { rows, total: total?.n ?? 0 };
}
