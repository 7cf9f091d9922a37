import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/index';
import { addMissingVariants } from './lib/image-files';
import { refuseDemoAccountsInProduction } from './seed/demo-accounts-guard';
import { ensureDemoAccounts, seedIfEmpty, writeSeedImages } from './seed/seed';

const config = loadConfig();
const database = await createDatabase(config);
const app = await buildApp({
  db: database.db,
  config,
  databaseKind: database.kind,
  notifications: database.notifications,
});
// Replicas starting together migrate and seed one at a time.
await database.withStartupLock(async () => {
  await database.migrate();
  const seeded = await seedIfEmpty({
    db: database.db,
    auth: app.deps.auth,
    imagesDir: app.deps.imagesDir,
    log: (m) => app.log.info(m),
    withDemoAccounts: config.seedDemoAccounts,
  });
  await refuseDemoAccountsInProduction(database.db, config);
  if (!seeded) await writeSeedImages(app.deps.imagesDir);
  const completed = await addMissingVariants(app.deps.imagesDir);
  if (completed) app.log.info(`Wrote the width variants of ${completed} images stored before them`);
  // Only against the emulator: it may have lost its accounts while the database kept its rows.
  if (!seeded && config.firebaseAuthEmulatorHost && config.seedDemoAccounts)
    await ensureDemoAccounts(database.db, app.deps.auth);
});
await app.listen({ host: config.host, port: config.port });
console.log(`API listening on ${config.publicApiUrl}`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await database.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
