import { asc } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { categories } from '../../db/schema/index';

/** The categories in their menu order. */
export const listCategories = (db: Database) =>
  db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
