import fp from 'fastify-plugin';
import { expireOverdueOffers } from '../modules/offers/offers.service';
import { BOOKING_EXPIRY_SWEEP_MS } from './booking-expiry';

/**
 * Expires offers past their 48 hours on an interval, so the one who waited hears of it even when
 * nobody opens a list (the lists and the moves also sweep first). Every API process runs it; the
 * sweep's locked, conditional update expires each offer, and tells its people, once.
 */
export const offerExpiry = fp(async (app) => {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      expireOverdueOffers(app.deps.db, app.deps).catch((err: unknown) => {
        app.log.warn({ err }, 'offer expiry sweep failed');
      });
    }, BOOKING_EXPIRY_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
