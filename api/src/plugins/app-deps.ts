import fp from 'fastify-plugin';
import path from 'node:path';
import type { Auth } from 'firebase-admin/auth';
import type { Config } from '../config';
import type { Database } from '../db/index';
import { createMailer, type Mailer } from '../email/mailer';
import { requestScopedDatabase } from '../lib/request-transaction';
import { createGateway } from '../payments/registry';
import type { PaymentGateway } from '../payments/gateway';

/** What every route and service reaches through `app.deps`: one instance per app, so tests can swap parts. */
export interface AppDeps {
  /** Inside a keyed write, its transaction (lib/request-transaction.ts); elsewhere the database. */
  db: Database;
  config: Config;
  auth: Auth;
  gateway: PaymentGateway;
  mailer: Mailer;
  /** DATA_DIR/images: where images were stored before the database (imported at start-up). */
  imagesDir: string;
  /**
   * The clock of the booking lifecycle (a request's expiry): read on every use, so a test can set
   * `app.deps.now` to move time forward without waiting three days.
   */
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** Decorates `app.deps`: the database, configuration, auth, payment gateway, mailer and clock. */
export const appDeps = fp<{ db: Database; config: Config; auth: Auth }>(async (app, { db, config, auth }) => {
  app.decorate('deps', {
    db: requestScopedDatabase(db),
    config,
    auth,
    gateway: createGateway(config),
    mailer: createMailer(config),
    // Images from before they lived in the database; server.ts imports them (lib/image-store.ts).
    imagesDir: path.join(config.dataDir, 'images'),
    now: () => new Date(),
  } satisfies AppDeps);
});
