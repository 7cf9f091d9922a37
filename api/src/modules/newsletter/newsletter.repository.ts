import type { Database } from '../../db/index';
import { newsletterSubscribers } from '../../db/schema/index';
import { newId } from '../../lib/ids';

/** Subscribes an address once: subscribing again changes nothing. */
export async function subscribe(db: Database, email: string) {
  await db
    .insert(newsletterSubscribers)
    .values({ id: newId(), email })
    .onConflictDoNothing({ target: newsletterSubscribers.email });
}
