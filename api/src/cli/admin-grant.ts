// pnpm --filter api admin:grant <email> — makes an existing user admin.
// With the embedded PGlite database, stop the API first (one process owns the data folder).
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '../config';
import { createDatabase } from '../db/index';
import { users } from '../db/schema/index';

const email = z.email().safeParse(process.argv[2]?.trim().toLowerCase());
if (!email.success) {
  console.error('Usage: pnpm --filter api admin:grant <email>');
  process.exit(2);
}
const database = await createDatabase(loadConfig());
try {
  await database.migrate();
  const updated = await database.db
    .update(users)
    .set({ role: 'admin', updatedAt: sql`now()` })
    .where(eq(users.email, email.data))
    .returning({ id: users.id, deletedAt: users.deletedAt });
  if (updated.length === 0) {
    console.error(`No user with e-mail ${email.data}. They must sign up (POST /users) first.`);
    process.exitCode = 1;
  } else {
    console.log(
      `${email.data} is now an admin${updated[0]?.deletedAt ? ' (note: this account is deleted)' : ''}.`,
    );
  }
} finally {
  await database.close();
}
