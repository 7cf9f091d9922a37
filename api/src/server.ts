import v8 from 'node:v8';
import { buildApp } from './app';
import { authEmulatorWarning, loadConfig } from './config';
import { createDatabase } from './db/index';
import { FolderLockedError } from './db/folder-lock';
import { backfillPhotoHashes, importImageFolder } from './lib/image-store';
import { startOperatorChannel } from './operator/channel';
import { runOperatorCommand } from './operator/commands';
import { logForeignImageUrls } from './services/own-images';
import { refuseDemoAccountsInProduction } from './seed/demo-accounts-guard';
import { ensureDemoAccounts, seedIfEmpty, writeSeedImages } from './seed/seed';

// V8 grows its heap up to four times what survives a collection when allocation runs fast, so a
// replica's memory swings between about 70 and 230 MB with the same live data and the soak cannot
// tell growth from a leak. A fixed 50% keeps the heap near what the process holds
// (docs/decisions/0062-api-heap-growth.md). Read by V8 at every collection, so setting it here works.
v8.setFlagsFromString('--heap-growing-percent=50');
const config = loadConfig();
// First, before anything else is logged: with the emulator, whoever can reach the API can sign in
// as anyone, and whoever reads the log should know it.
if (config.firebaseAuthEmulatorHost) console.warn(authEmulatorWarning(config.firebaseAuthEmulatorHost));
if (config.testPayments)
  console.warn('Payments go through the sandbox gateway: test payments, no real money moves');
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
  // Photos stored before their perceptual hash existed (migration 0031): "photo reused" finds them too.
  const hashes = await backfillPhotoHashes(database.db);
  if (hashes.hashed) app.log.info(`Hashed ${hashes.hashed} photos for the photo-reuse check`);
  if (hashes.failed) app.log.warn(`Could not decode ${hashes.failed} stored images to hash them`);
  // Only against the emulator: it may have lost its accounts while the database kept its rows.
  if (!seeded && config.firebaseAuthEmulatorHost && config.seedDemoAccounts)
    await ensureDemoAccounts(database.db, app.deps.auth);
});
await app.listen({ host: config.host, port: config.port });
// After listening, unawaited: it reads every listing (8 s at a million), which would hold each
// replica's start, and it only tells the operator of rows from before images were our own.
logForeignImageUrls(database.db, app.log).catch((err: unknown) =>
  app.log.warn({ err }, 'Could not count listings and profiles that name images on other hosts'),
);
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
/**
 * SIGTERM / SIGINT (docs/decisions/0026-shutdown-durability-proxy-retry.md): answer not ready for
 * SHUTDOWN_DELAY_SECONDS while still serving (a load balancer notices and stops sending), then stop
 * accepting, let the requests in flight finish within SHUTDOWN_GRACE_SECONDS, stop the LISTEN
 * connection (an onClose hook) and close the database (PGlite writes its files cleanly). Exit 0
 * when everything finished in time, 1 when requests had to be cut off.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const { delayMs, graceMs } = config.shutdown;
  app.log.info(
    `${signal}: draining (${delayMs / 1000} s not ready, then up to ${graceMs / 1000} s for requests in flight)`,
  );
  app.lifecycle.draining = true;
  let exitCode = 0;
  // Last resort if closing the database itself hangs.
  setTimeout(() => process.exit(1), delayMs + graceMs + 5_000).unref();
  try {
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await operatorChannel?.close();
    const cutOff = setTimeout(() => {
      exitCode = 1;
      app.log.warn(`requests still in flight after ${graceMs / 1000} s: closing their connections`);
      app.server.closeAllConnections();
    }, graceMs);
    await app.close();
    clearTimeout(cutOff);
    await database.close();
    app.log.info(`${signal}: stopped cleanly`);
  } catch (err) {
    exitCode = 1;
    app.log.error({ err }, `${signal}: shutdown failed`);
  } finally {
    process.exit(exitCode);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
