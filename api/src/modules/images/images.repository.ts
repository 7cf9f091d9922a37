import type { Database } from '../../db/index';
import { images } from '../../db/schema/index';
import { newId } from '../../lib/ids';

/** Records who uploaded an image; its bytes are stored by lib/image-store.ts (image_files). */
export async function recordUpload(db: Database, upload: Omit<typeof images.$inferInsert, 'id'>) {
  await db.insert(images).values({ id: newId(), ...upload });
}
