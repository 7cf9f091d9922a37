import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/index';
import { FolderLockedError } from './db/folder-lock';
import { addMissingVariants } from './lib/image-files';
import { startOperatorChannel } from './operator/channel';
import { runOperatorCommand } from './operator/commands';
import { refuseDemoAccountsInProduction } from './seed/demo-accounts-guard';
import { ensureDemoAccounts, seedIfEmpty, writeSeedImages } from './seed/seed';

const config = loadConfig();
const database = await createDatabase(config).catch((err: unknown) => {
  // Another process owns the PGlite folder: say who, and what to do instead, without a stack trace.
  if (err instanceof FolderLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
});
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
// Operator commands run inside the owner of an on-disk PGlite folder (api/README.md#operator-commands).
const operatorChannel = database.folderLock
  ? await startOperatorChannel({
      folder: config.databaseUrl,
      lockNonce: database.folderLock.owner.nonce,
      async run(request) {
        const result = await runOperatorCommand(
          {
            db: database.db,
            auth: app.deps.auth,
            imagesDir: app.deps.imagesDir,
            withDemoAccounts: config.seedDemoAccounts,
          },
          request,
        );
        app.log.info(
          { command: request.command, args: request.args, exitCode: result.exitCode },
          'operator command',
        );
        // A seed fills the catalogue: no cached page may show it empty.
        await app.catalogCache.invalidate();
        return result;
      },
      log: (message, err) => app.log.error({ err }, message),
    })
  : null;
console.log(`API listening on ${config.publicApiUrl}`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await operatorChannel?.close();
    await app.close();
    await database.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
