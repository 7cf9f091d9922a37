// pnpm --filter api seed — migrates and seeds an empty database (the API does this at start too).
import { loadConfig } from '../config';
import { createDatabase } from '../db/index';
import { firebaseAuth } from '../auth/firebase';
import { seedIfEmpty } from '../seed/seed';

const config = loadConfig();
const database = await createDatabase(config);
try {
  await database.migrate();
  const seeded = await seedIfEmpty({
    db: database.db,
    auth: firebaseAuth(config),
    log: console.log,
    // Published passwords: only with the emulator, or when SEED_DEMO_ACCOUNTS=1 asks (config.ts).
    withDemoAccounts: config.seedDemoAccounts,
  });
  if (!seeded) console.log('Database already has data; nothing seeded.');
} finally {
  await database.close();
}
