import { asc, count } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { blogs } from '../../db/schema/index';

/** One page of the FAQ entries in their order, and how many there are. */
export async function listBlogs(db: Database, { limit, offset }: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db.select().from(blogs).orderBy(asc(blogs.sortOrder), asc(blogs.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(blogs),
  ]);
  return { rows, total: total?.n ?? 0 };
}
