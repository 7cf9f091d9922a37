import fp from 'fastify-plugin';
import { expireOverdueRequests } from '../modules/bookings/bookings.lifecycle';
import { expireOverdueOffers } from '../modules/offers/offers.service';
import {
  sendSearchDigests,
  runSavedSearchRound,
  unsubscribeTokens,
} from '../modules/saved-searches/saved-searches.service';
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
 * How often each API process tells the owners of new saved-search matches in the bell. The publish
 * only records the matches (docs/decisions/0058-saved-search-alerts.md); a second is prompt for a
 * bell, and the round's look-up is one partial index that is empty almost always.
 */
const SEARCH_ALERT_SWEEP_MS = 1_000;

/**
 * Expires unanswered booking requests and offers on an interval, so the one who waited hears of it
 * even when nobody opens a list (the lists and the moves also sweep before they read, so they are
 * never stale). Every API process runs it; each sweep's conditional update expires a request or an
 * offer, and tells its people, once (bookings.lifecycle.ts, offers.service.ts). Each round is a
 * job of its own in /metrics. The saved-search digest and bell rounds run the same way, on
 * their own intervals. The timers do not hold the process open and stop on close.
 */
export const expirySweeps = fp(async (app) => {
  const digestDeps = {
    mailer: app.deps.mailer,
    publicApiUrl: app.deps.config.publicApiUrl,
    unsubscribeTokens: unsubscribeTokens(app.deps.config.apiTokenSecret),
  };
  const sweeps: [JobName, number, () => Promise<unknown>][] = [
    ['booking_expiry', EXPIRY_SWEEP_MS, () => expireOverdueRequests(app.deps.db, app.deps)],
    ['offer_expiry', EXPIRY_SWEEP_MS, () => expireOverdueOffers(app.deps.db, app.deps)],
    ['search_digest', DIGEST_SWEEP_MS, () => sendSearchDigests(app.deps.db, digestDeps)],
    ['search_alert', SEARCH_ALERT_SWEEP_MS, () => runSavedSearchRound(app.deps.db)],
  ];
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    for (const [job, everyMs, sweep] of sweeps) {
      // A sweep still running when its next turn comes (a long alert round, a slow database)
      // lets the turn pass: two of the same sweep in one process would only share its work and
      // double its load.
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        app.metrics
          .job(job, sweep)
          .catch((err: unknown) => {
            app.log.warn({ err }, `${job.replace('_', ' ')} sweep failed`);
          })
          .finally(() => {
            running = false;
          });
      }, everyMs);
      timer.unref();
      timers.push(timer);
    }
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
  });
});
