import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Notifications } from './db/index';
import { accessControl } from './auth/access';
import { firebaseAuth } from './auth/firebase';
import { cleanInputValidatorCompiler } from './lib/clean-input';
import { appDeps } from './plugins/app-deps';
import { expirySweeps } from './plugins/expiry-sweeps';
import { mailDelivery } from './plugins/mail-delivery';
import { metrics } from './plugins/metrics';
import { moneySweeps } from './plugins/money-sweeps';
import { catalogCache } from './plugins/catalog-cache';
import { crossOrigin } from './plugins/cross-origin';
import { draining } from './plugins/draining';
import { errorAnswers, frameworkErrorAnswer } from './plugins/error-answers';
import { idempotency } from './plugins/idempotency';
import { openApiDocument } from './plugins/openapi';
import { rateLimits } from './plugins/rate-limits';
import { requestBodies } from './plugins/request-bodies';
import { requestLog } from './plugins/request-log';
import { securityHeaders } from './plugins/security-headers';
import { traceContext, traceRequestId } from './plugins/trace-context';
import { apiModules } from './modules/index';

export type { AppDeps } from './plugins/app-deps';

export const API_PREFIX = '/api/v1';
/** JSON bodies are small; only image uploads (multipart) may be larger. */
export const JSON_BODY_LIMIT = 64 * 1024;

export interface BuildAppOptions {
  db: Database;
  config: Config;
  /** Database kind reported by /health. */
  databaseKind?: string;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them); the level is still LOG_LEVEL's. */
  logDestination?: { write(line: string): void };
  /** LISTEN/NOTIFY of the database (DatabaseHandle.notifications), shared by the API processes. */
  notifications?: Notifications;
}

export async function buildApp({
  db,
  config,
  databaseKind = 'postgres',
  logger,
  logDestination,
  notifications,
}: BuildAppOptions) {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : { level: config.logLevel, ...(logDestination ? { stream: logDestination } : {}) },
    // The request id is the W3C trace id the host's server or the browser sent (or a fresh one), so
    // one grep follows a page through every server's logs (docs/decisions/0053-trace-context.md).
    genReqId: traceRequestId,
    // Fastify's two lines a request cost a third of a bare route's throughput; one line for what
    // needs a look instead (docs/decisions/0022-request-logging.md).
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'traceId' }),
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

  const auth = firebaseAuth(config);
  await app.register(appDeps, { db, config, auth });

  await app.register(errorAnswers, { emailjsPrefix: `${API_PREFIX}/emailjs/` });

  await app.register(requestBodies, { bodyLimit: JSON_BODY_LIMIT });
  await app.register(requestLog);
  await app.register(metrics, { db, metricsToken: config.metricsToken });
  await app.register(traceContext);

  // First of the onRequest hooks, so every answer carries them (nosniff, CSP, frame-ancestors…).
  await app.register(securityHeaders, { publicApiUrl: config.publicApiUrl });
  await app.register(draining);

  await app.register(crossOrigin, { config });

  await app.register(rateLimits, { db });

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

  // After access control (a key belongs to its caller), before the routes whose handlers it wraps.
  await app.register(idempotency, { db, waitMs: config.idempotencyWaitMs });

  await app.register(expirySweeps);
  await app.register(moneySweeps);
  await app.register(mailDelivery, { notifications });

  await app.register(apiModules, { prefix: API_PREFIX, databaseKind, notifications });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
export type AnyApp = FastifyInstance;
