import fp from 'fastify-plugin';
import { expireOverdueRequests } from '../modules/bookings/bookings.lifecycle';
import { expireOverdueOffers } from '../modules/offers/offers.service';
import { UNSUBSCRIBE_TOKEN_PURPOSE } from '../modules/saved-searches/saved-searches.routes';
import { sendSearchDigests } from '../modules/saved-searches/saved-searches.service';
import { cursorCodec } from '../lib/signed-cursor';
import type { JobName } from './metrics';

/** How often each API process looks for booking requests past their three days and offers past their 48 hours. */
const EXPIRY_SWEEP_MS = 60_000;
/**
 * How often each API process looks for saved-search digests that are due. Each user's digest
 * leaves at most once a day (saved-searches.service.ts sendSearchDigests); a quarter of an hour
 * late is no harm to a daily e-mail and keeps the look-up rare.
 */
const DIGEST_SWEEP_MS = 15 * 60_000;

/**
 * Expires unanswered booking requests and offers on an interval, so the one who waited hears of it
 * even when nobody opens a list (the lists and the moves also sweep before they read, so they are
 * never stale). Every API process runs it; each sweep's conditional update expires a request or an
 * offer, and tells its people, once (bookings.lifecycle.ts, offers.service.ts). Each round is a
 * job of its own in /metrics. The timer does not hold the process open and stops on close.
 */
export const expirySweeps = fp(async (app) => {
  const sweeps: [JobName, () => Promise<unknown>][] = [
    ['booking_expiry', () => expireOverdueRequests(app.deps.db, app.deps)],
    ['offer_expiry', () => expireOverdueOffers(app.deps.db, app.deps)],
  ];
  const digestDeps = {
    mailer: app.deps.mailer,
    publicApiUrl: app.deps.config.publicApiUrl,
    unsubscribeTokens: cursorCodec(app.deps.config.apiTokenSecret, UNSUBSCRIBE_TOKEN_PURPOSE),
  };
  let timer: NodeJS.Timeout | undefined;
  let digestTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    digestTimer = setInterval(() => {
      app.metrics
        .job('search_digest', () => sendSearchDigests(app.deps.db, digestDeps))
        .catch((err: unknown) => {
          app.log.warn({ err }, 'search digest round failed');
        });
    }, DIGEST_SWEEP_MS);
    digestTimer.unref();
    timer = setInterval(() => {
      for (const [job, sweep] of sweeps) {
        app.metrics.job(job, sweep).catch((err: unknown) => {
          app.log.warn({ err }, `${job.replace('_', ' ')} sweep failed`);
        });
      }
    }, EXPIRY_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(digestTimer);
  });
});
