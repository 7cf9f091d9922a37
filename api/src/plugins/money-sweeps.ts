import fp from 'fastify-plugin';
import { runMoneySweeps } from '../modules/orders/orders.service';

/**
 * The money's background work on an interval (MONEY_SWEEP_SECONDS, default a minute): the clock's
 * automatic releases and refunds, refunds sent to and polled at the gateway, and the reconciliation
 * of payments still pending (docs/product.md#money). Every API process runs it; each part locks
 * what it changes, so two processes sweeping at once act once. One round at a time per process;
 * the timer does not hold the process open and stops on close.
 */
export const moneySweeps = fp(async (app) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  const round = () => {
    if (running) return;
    running = app.metrics
      .job('money_sweeps', async () => {
        // Each part logs its own failure and the others still run; the round failed if any did.
        let failed: unknown;
        await runMoneySweeps(app.deps.db, app.deps, (err, what) => {
          failed ??= err;
          app.log.warn({ err }, what);
        });
        if (failed !== undefined) throw failed;
      })
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(round, app.deps.config.money.sweepMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
