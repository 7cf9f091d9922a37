import fp from 'fastify-plugin';
import type { Notifications } from '../db/index';
import { MAIL_QUEUED_CHANNEL } from '../email/mailer';

/** How often each process looks for mail that is due again (a retry, or a claim left by a crash). */
const RETRY_ROUND_MS = 30_000;

/**
 * Relays the outbox's mail after the transactions that wrote it commit
 * (docs/decisions/0049-mail-leaves-after-commit.md): a round starts when the database says mail
 * was queued (its NOTIFY arrives only on commit), at start-up, and every RETRY_ROUND_MS for
 * retries. Without SMTP_URL nothing is relayed and nothing runs. One round at a time per process;
 * a NOTIFY during a round asks for one more.
 */
export const mailDelivery = fp<{ notifications?: Notifications }>(async (app, { notifications }) => {
  const { mailer, db } = app.deps;
  if (!mailer.relays) return;
  let running: Promise<unknown> | null = null;
  let again = false;
  let closing = false;
  const round = () => {
    if (closing) return;
    if (running) {
      again = true;
      return;
    }
    running = app.metrics
      .job('mail_delivery', () => mailer.deliverDue(db))
      .catch((err: unknown) => app.log.warn({ err }, 'mail delivery round failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          round();
        }
      });
  };
  const listener = await notifications?.listen(MAIL_QUEUED_CHANNEL, {
    onNotify: round,
    // Anything queued while the connection was down is found by this round.
    onReset: round,
    onError: (err) => app.log.warn({ err }, 'mail delivery: LISTEN connection lost, reconnecting'),
  });
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    round();
    timer = setInterval(round, RETRY_ROUND_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await listener?.stop();
    await running;
  });
});
