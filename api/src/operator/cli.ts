import { setTimeout as sleep } from 'node:timers/promises';
import { firebaseAuth } from '../auth/firebase';
import { loadConfig } from '../config';
import { createDatabase } from '../db/index';
import { FolderLockedError } from '../db/folder-lock';
import { callOperatorChannel, readChannel } from './channel';
import { runOperatorCommand, type OperatorCommand, type OperatorResult } from './commands';

/**
 * An owner younger than this without a channel is taken for an API still starting (it opens the
 * channel once it listens) and waited for; an older one never will, so the command refuses at once.
 */
const STARTING_OWNER_MS = 30_000;

/**
 * Runs an operator command where the data is: on PostgreSQL and on a PGlite folder nobody owns,
 * directly (taking the folder's lock); on a folder a running API owns, through that API's operator
 * channel, so the change is made by the owner and seen at once.
 */
async function run(command: OperatorCommand, args: string[]): Promise<OperatorResult> {
  const config = loadConfig();
  const request = { command, args };
  for (;;) {
    let database;
    try {
      database = await createDatabase(config);
    } catch (err) {
      if (!(err instanceof FolderLockedError)) throw err;
      const channel = readChannel(err.folder, err.owner);
      if (channel) {
        console.error(`The API (process ${err.owner.pid}) owns ${err.folder}: running ${command} there.`);
        return callOperatorChannel(channel, request);
      }
      // An API that is still starting opens its channel once it listens; anything else never will.
      if (Date.now() - Date.parse(err.owner.startedAt) > STARTING_OWNER_MS) {
        return { exitCode: 1, message: err.message };
      }
      await sleep(500);
      continue;
    }
    try {
      await database.migrate();
      return await runOperatorCommand(
        { db: database.db, auth: firebaseAuth(config), withDemoAccounts: config.seedDemoAccounts },
        request,
      );
    } finally {
      await database.close();
    }
  }
}

export async function main(command: OperatorCommand) {
  try {
    const result = await run(command, process.argv.slice(2));
    (result.exitCode === 0 ? console.log : console.error)(result.message);
    process.exitCode = result.exitCode;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
  // firebase-admin keeps sockets open; the command is done.
  process.exit();
}
