import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
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

/**
 * The mail waiting for the relay: how many messages, and how long the oldest has waited, by the
 * database's clock. Read at every metrics scrape, so it counts through the due index's rows only;
 * mail stored while no relay was configured (no next attempt) is never sent and not counted.
 */
export async function mailQueue(db: Database): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const [row] = await db
    .select({
      depth: count(),
      oldestAgeSeconds: sql<string | null>`extract(epoch from now() - min(${emailOutbox.createdAt}))`,
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'queued'), isNotNull(emailOutbox.nextAttemptAt)));
  return { depth: row?.depth ?? 0, oldestAgeSeconds: Number(row?.oldestAgeSeconds ?? 0) };
}
