import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/index';
import { importImageFolder } from './lib/image-store';
import { logForeignImageUrls } from './services/own-images';
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
    log: (m) => app.log.info(m),
    withDemoAccounts: config.seedDemoAccounts,
  });
  await refuseDemoAccountsInProduction(database.db, config);
  if (!seeded) await writeSeedImages(database.db);
  // Images of a data folder from before they lived in the database: nothing is left behind.
  const { imported, skipped } = await importImageFolder(database.db, app.deps.imagesDir);
  if (imported) app.log.info(`Imported ${imported} images from ${app.deps.imagesDir} into the database`);
  if (skipped)
    app.log.warn(`Left ${skipped} files in ${app.deps.imagesDir} that are not WebP images we wrote`);
  await logForeignImageUrls(database.db, app.log);
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
