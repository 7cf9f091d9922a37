import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Who uploaded which image (the bytes are in image_files, keyed by the same content-hash name). */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    fileName: text('file_name').notNull(),
    uploaderUid: text('uploader_uid').notNull(),
    uploaderId: text('uploader_id').references(() => users.id),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sourceType: text('source_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_file_idx').on(t.fileName)],
);
