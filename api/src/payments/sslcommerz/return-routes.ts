import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/index';
import { payments } from '../../db/schema/index';
import { applyGatewayEvent } from '../../modules/payments/payments.service';
import type { MoneyDeps } from '../../modules/orders/orders.money';
import type { PaymentGateway } from '../gateway';
import { SSLCOMMERZ_RETURN_PATHS } from './sslcommerz-gateway';

export interface SslcommerzReturnRoutesOptions {
  db: Database;
  gateway: PaymentGateway;
  /** The web site the buyer is sent back to (/payment/success, /payment/fail, /cancel). */
  webOrigin: string;
  /** The outbox and clock a confirmed payment's booking changes use (services/booking-lifecycle.ts). */
  lifecycle: MoneyDeps;
}

type ReturnKind = keyof typeof SSLCOMMERZ_RETURN_PATHS;

/**
 * SSLCommerz sends the buyer's browser back by POSTing the transaction fields to success_url,
 * fail_url or cancel_url. Which URL it was proves nothing (anyone can post there), so each one
 * runs the same verification as the IPN — asking SSLCommerz itself — applies what it confirms
 * (once: a repeat or a late IPN changes nothing), and then sends the browser to the page that
 * matches the payment's status in OUR database.
 */
export const sslcommerzReturnRoutes: FastifyPluginAsync<SslcommerzReturnRoutesOptions> = async (
  app,
  { db, gateway, webOrigin, lifecycle },
) => {
  const pageFor = (status: string | null, transactionId: number | null, kind: ReturnKind) => {
    if (transactionId !== null && (status === 'paid' || (status === 'pending' && kind === 'success'))) {
      // Pending after a "success" return: the IPN may still be on its way; the page polls.
      return `${webOrigin}/payment/success?transactionId=${transactionId}`;
    }
    if (status === 'cancelled' || (status !== 'failed' && kind === 'cancel')) return `${webOrigin}/cancel`;
    return `${webOrigin}/payment/fail`;
  };

  for (const kind of Object.keys(SSLCOMMERZ_RETURN_PATHS) as ReturnKind[]) {
    app.route({
      method: ['GET', 'POST'],
      url: SSLCOMMERZ_RETURN_PATHS[kind],
      config: { access: 'public' },
      schema: { tags: ['payments'], hide: true },
      handler: async (request, reply) => {
        const fields = {
          ...(request.query as object),
          ...((request.body as object | undefined) ?? {}),
        } as Record<string, unknown>;
        const transactionId =
          typeof fields.tran_id === 'string' && /^\d{1,9}$/.test(fields.tran_id)
            ? Number(fields.tran_id)
            : null;
        try {
          const event = await gateway.verifyCallback(fields);
          await applyGatewayEvent(db, event, lifecycle);
        } catch (error) {
          // Already applied (by the IPN, or a reload), forged, or SSLCommerz unreachable: the
          // database below decides where the buyer goes; nothing else changed.
          request.log.info({ err: error, transactionId, kind }, 'sslcommerz return not applied');
        }
        let status: string | null = null;
        if (transactionId !== null) {
          const [row] = await db
            .select({ status: payments.status })
            .from(payments)
            .where(eq(payments.transactionId, transactionId))
            .limit(1);
          status = row?.status ?? null;
        }
        return reply.header('cache-control', 'no-store').redirect(pageFor(status, transactionId, kind), 303);
      },
    });
  }
};
