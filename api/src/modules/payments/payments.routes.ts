import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { singleLineText } from 'shared-contracts/text';
import { AcknowledgedSchema } from 'shared-contracts/errors';
import { parseAcceptLanguage, pickLanguage } from 'shared-contracts/locale';
import { plainTaka } from 'shared-contracts/plain-numbers';
import {
  PaymentInitResponseSchema,
  PaymentInitSchema,
  PaymentResultSchema,
  PaymentStatusSchema,
  SandboxPageQuerySchema,
  TransactionParamsSchema,
} from 'shared-contracts/payments';
import { requireUser } from '../../auth/access';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors';
import { publicWriteRateLimit } from '../../lib/rate-limits';
import { findPaymentWithParties } from './payments.repository';
import { applyGatewayEvent, paymentOf, startPayment } from './payments.service';
import { toPaymentResult } from './payments.wire';
import { SandboxGateway } from '../../payments/sandbox';
import { renderSandboxPage } from '../../payments/sandbox-page';
import { SslcommerzGateway } from '../../payments/sslcommerz/sslcommerz-gateway';
import { sslcommerzReturnRoutes } from '../../payments/sslcommerz/return-routes';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, gateway } = app.deps;
  const bearer = [{ bearerAuth: [] }];

  const loadPayment = (transactionId: number) => findPaymentWithParties(db, transactionId);

  app.post(
    '/payment/init',
    {
      config: { access: ['buyer'] },
      schema: {
        tags: ['payments'],
        security: bearer,
        body: PaymentInitSchema,
        response: { 200: PaymentInitResponseSchema },
      },
    },
    async (request, reply) => {
      const payData = request.body.payData ?? request.body;
      const productId = (payData._id ?? payData.productId) as string;
      const { redirectUrl } = await startPayment(
        db,
        gateway,
        requireUser(request),
        productId,
        config.currency,
        request.body.language,
        app.deps.now(),
      );
      // Fastify sends strings as-is; the answer is a JSON string so fetch().json() and axios both read it.
      return reply.type('application/json; charset=utf-8').serializer(JSON.stringify).send(redirectUrl);
    },
  );

  app.get(
    '/get-data-transactionId/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        security: bearer,
        params: TransactionParamsSchema,
        response: { 200: PaymentResultSchema },
      },
    },
    async (request) => {
      const row = await paymentOf(db, requireUser(request), request.params.id);
      return { result: toPaymentResult(row, config.publicApiUrl) };
    },
  );

  // Server-to-server confirmation from the gateway. Public, but only a correctly signed, fresh
  // event for a pending payment changes anything.
  app.post(
    '/payment/callback',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        body: z.record(z.string(), z.unknown()),
        response: { 200: AcknowledgedSchema.extend({ status: PaymentStatusSchema }) },
      },
    },
    async (request) => {
      const event = await gateway.verifyCallback(request.body);
      const { status } = await applyGatewayEvent(db, event, app.deps);
      return { acknowledged: true, status };
    },
  );

  if (gateway instanceof SslcommerzGateway) {
    await app.register(sslcommerzReturnRoutes, {
      db,
      gateway,
      webOrigin: config.webOrigin,
      lifecycle: app.deps,
    });
  }
  if (!(gateway instanceof SandboxGateway)) return;
  const sandbox = gateway;
  const resultUrl = (status: string, transactionId: number) =>
    status === 'paid'
      ? `${config.webOrigin}/payment/success?transactionId=${transactionId}`
      : status === 'cancelled'
        ? `${config.webOrigin}/cancel`
        : `${config.webOrigin}/payment/fail`;
  // The page needs no account, so a script could try transaction ids or replay forms at speed:
  // each of its two routes takes SANDBOX_PAGE_LIMIT_PER_MINUTE requests per client address.
  const pageRateLimit = {
    ...publicWriteRateLimit(config, 'sandbox-page'),
    max: config.sandboxPageLimitPerMinute,
  };
  const pageHeaders = {
    // Replaces the API's `default-src 'none'` (plugins/security-headers.ts): the page has no
    // script, only inline CSS, and its forms post here and are redirected to the site.
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${config.publicApiUrl.replace(/^(https?:\/\/[^/]+).*$/, '$1')} ${config.webOrigin}; frame-ancestors 'none'; base-uri 'none'`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };

  app.get(
    '/payment/sandbox/:id',
    {
      config: { access: 'public', rateLimit: pageRateLimit },
      schema: {
        tags: ['payments'],
        params: TransactionParamsSchema,
        querystring: SandboxPageQuerySchema.extend({
          sig: singleLineText()
            .max(128)
            .optional()
            .describe('The signature in the link /payment/init answers'),
        }),
      },
    },
    async (request, reply) => {
      const { payment, product, buyer } = await loadPayment(request.params.id);
      // Only the link /payment/init gave the buyer opens the page; a guessed id or a missing or
      // wrong signature gets the very answer an unknown payment gets, so neither tells anything.
      if (!sandbox.checkLinkSignature(payment.transactionId, payment.amountCents, request.query.sig)) {
        throw notFound(`No payment with transaction id ${request.params.id}`, 'payment_not_found');
      }
      // The site passes its language; someone who opens the page directly gets their browser's.
      const language =
        request.query.lang ?? pickLanguage(parseAcceptLanguage(request.headers['accept-language']));
      const html = renderSandboxPage(language, {
        transactionId: payment.transactionId,
        productName: product.name,
        // Taka as the site writes prices, in the page's digits; another currency by its code.
        amount:
          (payment.currency === 'BDT' && plainTaka(payment.amountCents / 100, language)) ||
          `${(payment.amountCents / 100).toFixed(2)} ${payment.currency}`,
        // A link can still be forwarded or left in a shared browser's history: the e-mail stays masked.
        buyerEmail: buyer.email.replace(/^(.)[^@]*(@.*)$/, '$1***$2'),
        status: payment.status,
        actionUrl: `${config.publicApiUrl}/payment/sandbox/${payment.transactionId}`,
        pageToken: sandbox.pageToken(payment.transactionId),
      });
      return reply.headers(pageHeaders).type('text/html; charset=utf-8').send(html);
    },
  );

  // The hosted page's Pay / Fail / Cancel forms. Acting as the gateway, it signs the outcome and
  // delivers it to the merchant callback server-side, then sends the browser back to the site.
  app.post(
    '/payment/sandbox/:id',
    {
      config: { access: 'public', rateLimit: pageRateLimit },
      schema: {
        tags: ['payments'],
        params: TransactionParamsSchema,
        body: z.object({
          outcome: z.enum(['paid', 'failed', 'cancelled']),
          pageToken: singleLineText().max(128),
        }),
      },
    },
    async (request, reply) => {
      const transactionId = request.params.id;
      if (!sandbox.checkPageToken(transactionId, request.body.pageToken)) {
        throw forbidden('This payment form is not valid', 'invalid_page_token');
      }
      const { payment } = await loadPayment(transactionId);
      const callback = sandbox.signCallback(transactionId, request.body.outcome, payment.amountCents);
      // The same steps as POST /payment/callback, called directly rather than through app.inject:
      // inject is refused once the server is closing, and a payment in flight at SIGTERM must finish.
      let status: string;
      try {
        status = (await applyGatewayEvent(db, await gateway.verifyCallback(callback), app.deps)).status;
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode >= 500)
          throw badRequest('The payment could not be confirmed');
        if (err.statusCode !== 409) throw err;
        status = (await loadPayment(transactionId)).payment.status; // double submit: show what happened
      }
      return reply.redirect(resultUrl(status, transactionId), 303);
    },
  );
};
