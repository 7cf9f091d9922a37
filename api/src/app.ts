import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import path from 'node:path';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Auth } from 'firebase-admin/auth';
import { MAX_IMAGE_BYTES } from 'shared-contracts/images';
import type { Config } from './config';
import type { Database, Notifications } from './db/index';
import { accessControl } from './auth/access';
import { catalogCache } from './plugins/catalog-cache';
import { securityHeaders } from './plugins/security-headers';
import { draining } from './plugins/draining';
import { errorAnswers, frameworkErrorAnswer } from './plugins/error-answers';
import { crossOrigin } from './plugins/cross-origin';
import { requestBodies } from './plugins/request-bodies';
import { requestLog } from './plugins/request-log';
import { openApiDocument, serveOpenApiDocument } from './plugins/openapi';
import { firebaseAuth } from './auth/firebase';
import { cleanInputValidatorCompiler } from './lib/clean-input';
import { databaseRateLimitStore } from './lib/rate-limits';
import { createMailer, type Mailer } from './email/mailer';
import { createGateway } from './payments/registry';
import type { PaymentGateway } from './payments/gateway';
import { healthRoutes } from './routes/health';
import { categoryRoutes } from './routes/categories';
import { productRoutes } from './routes/products';
import { searchRoutes } from './routes/search';
import { userRoutes } from './routes/users';
import { bookingRoutes } from './routes/bookings';
import { advertRoutes } from './routes/adverts';
import { paymentRoutes } from './routes/payments';
import { blogRoutes } from './routes/blogs';
import { reportRoutes } from './routes/reports';
import { reviewRoutes } from './routes/reviews';
import { newsletterRoutes } from './routes/newsletter';
import { imageRoutes } from './routes/images';
import { emailjsRoutes } from './routes/emailjs';
import { dashboardRoutes } from './routes/dashboard';
import { outboxRoutes } from './routes/outbox';
import { adminRoutes } from './routes/admins';
import { notificationRoutes } from './routes/notifications';
import { bookingExpiry } from './plugins/booking-expiry';
import { conversationRoutes } from './routes/conversations';
import { eventRoutes } from './routes/events';
import { savedRoutes } from './routes/saved';

export const API_PREFIX = '/api/v1';
/** JSON bodies are small; only image uploads (multipart) may be larger. */
export const JSON_BODY_LIMIT = 64 * 1024;

export interface AppDeps {
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

export interface BuildAppOptions {
  db: Database;
  config: Config;
  /** Database kind reported by /health. */
  databaseKind?: string;
  logger?: boolean;
  /** LISTEN/NOTIFY of the database (DatabaseHandle.notifications), shared by the API processes. */
  notifications?: Notifications;
}

export async function buildApp({
  db,
  config,
  databaseKind = 'postgres',
  logger,
  notifications,
}: BuildAppOptions) {
  const app = Fastify({
    logger: logger === false ? false : { level: config.logLevel },
    // Fastify's two lines a request cost a third of a bare route's throughput; one line for what
    // needs a look instead (docs/decisions/0022-request-logging.md).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT,
    // Behind the compose proxy the client address is in X-Forwarded-For; trusting it from anyone
    // else would let a client pick its own address and dodge the rate limits.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // A URL Fastify cannot decode (`%zz`) is answered before any route, still as `{error, message}`.
    frameworkErrors: (err, request, reply) => frameworkErrorAnswer(err, request, reply as FastifyReply),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(cleanInputValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Images from before they lived in the database; server.ts imports them (lib/image-store.ts).
  const imagesDir = path.join(config.dataDir, 'images');
  const auth = firebaseAuth(config);
  app.decorate('deps', {
    db,
    config,
    auth,
    gateway: createGateway(config),
    mailer: createMailer(config),
    imagesDir,
    now: () => new Date(),
  } satisfies AppDeps);

  await app.register(errorAnswers, { emailjsPrefix: `${API_PREFIX}/emailjs/` });

  await app.register(requestBodies, { bodyLimit: JSON_BODY_LIMIT });
  await app.register(requestLog);

  // First of the onRequest hooks, so every answer carries them (nosniff, CSP, frame-ancestors…).
  await app.register(securityHeaders, { publicApiUrl: config.publicApiUrl });
  await app.register(draining);

  await app.register(crossOrigin, { config });

  // Opt-in per route (config.rateLimit), see lib/rate-limits.ts; counted in the database, so every
  // API process draws from one budget (docs/decisions/0025-shared-state-across-replicas.md).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });

  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 25 },
  });

  await app.register(openApiDocument, {
    prefix: API_PREFIX,
    serverUrl: config.publicApiUrl.replace(/\/api\/v1$/, ''),
  });

  // Before access control, so a hit costs no token check; after CORS, whose headers hits need too.
  await app.register(catalogCache, {
    ...config.catalogCache,
    maxEntries: 10_000,
    notifications,
  });

  await app.register(accessControl, {
    db,
    auth,
    apiTokenSecret: config.apiTokenSecret,
    prefix: API_PREFIX,
    publicPrefixes: [],
  });

  await app.register(bookingExpiry);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { databaseKind });
      await api.register(categoryRoutes);
      await api.register(productRoutes);
      await api.register(searchRoutes);
      await api.register(userRoutes);
      await api.register(bookingRoutes);
      await api.register(advertRoutes);
      await api.register(paymentRoutes);
      await api.register(blogRoutes);
      await api.register(reportRoutes);
      await api.register(newsletterRoutes);
      await api.register(imageRoutes);
      await api.register(emailjsRoutes);
      await api.register(outboxRoutes);
      await api.register(dashboardRoutes);
      await api.register(adminRoutes);
      await api.register(notificationRoutes);
      await api.register(conversationRoutes);
      await api.register(eventRoutes, { notifications, ...config.liveEvents });
      await api.register(reviewRoutes);
      await api.register(savedRoutes);
      api.get(
        '/openapi.json',
        { config: { access: 'public' }, schema: { hide: true } },
        serveOpenApiDocument(app),
      );
    },
    { prefix: API_PREFIX },
  );

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
export type AnyApp = FastifyInstance;
