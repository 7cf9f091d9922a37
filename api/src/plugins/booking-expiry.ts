import fp from 'fastify-plugin';
import { expireOverdueRequests } from '../modules/bookings/bookings.lifecycle';

/** How often each API process looks for requests past their three days. */
export const BOOKING_EXPIRY_SWEEP_MS = 60_000;

/**
 * Expires unanswered booking requests on an interval, so the buyer hears of it even when nobody
 * opens a list (the lists also sweep before they read, so they are never stale). Every API process
 * runs it; the sweep's conditional update expires each request, and tells its buyer, once
 * (services/booking-lifecycle.ts). The timer does not hold the process open and stops on close.
 */
export const bookingExpiry = fp(async (app) => {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      app.metrics
        .job('booking_expiry', () => expireOverdueRequests(app.deps.db, app.deps))
        .catch((err: unknown) => {
          app.log.warn({ err }, 'booking expiry sweep failed');
        });
    }, BOOKING_EXPIRY_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
