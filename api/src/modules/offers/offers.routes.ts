import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { OfferMoves } from 'shared-contracts/offer-lifecycle';
import {
  CounterOfferSchema,
  MakeOfferSchema,
  MyOfferAnswerSchema,
  MyOfferQuerySchema,
  OfferListSchema,
  OfferSchema,
  OffersQuerySchema,
} from 'shared-contracts/offers';
import { IdParamsSchema } from 'shared-contracts/pagination';
import { requireUser } from '../../auth/access';
import { requestLanguage } from '../../lib/error-messages';
import { sendTotal } from '../../lib/http';
import { findOfferWithParties } from './offers.repository';
import { makeOffer, moveOfferBy, myOfferOn, offersOf } from './offers.service';
import { toOffer } from './offers.wire';

/** Offers and counter-offers (docs/product.md#offers): make one, answer one, and the two lists. */
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const bearer = [{ bearerAuth: [] }];

  app.post(
    '/offers',
    {
      config: { access: ['buyer'] },
      schema: {
        tags: ['offers'],
        security: bearer,
        body: MakeOfferSchema,
        response: { 201: OfferSchema },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const id = await makeOffer(
        db,
        app.deps,
        caller,
        request.body,
        requestLanguage(request.headers['accept-language']),
      );
      const row = await findOfferWithParties(db, id);
      return reply.code(201).send(toOffer(row!, config.publicApiUrl, caller.id));
    },
  );

  app.get(
    '/offers/mine',
    {
      config: { access: 'user' },
      schema: {
        tags: ['offers'],
        security: bearer,
        querystring: MyOfferQuerySchema,
        response: { 200: MyOfferAnswerSchema },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const { offer, minimum } = await myOfferOn(db, app.deps, caller, request.query.productId);
      return { offer: offer ? toOffer(offer, config.publicApiUrl, caller.id) : null, minimum };
    },
  );

  // My offers (a buyer's) and Offers on my listings (a seller's): paged, sorted and searched in SQL.
  for (const [path, side, access] of [
    ['/offers', 'buyer', 'user'],
    ['/offers/received', 'seller', ['seller']],
  ] as const) {
    app.get(
      path,
      {
        config: { access },
        schema: {
          tags: ['offers'],
          security: bearer,
          querystring: OffersQuerySchema,
          response: { 200: OfferListSchema },
        },
      },
      async (request, reply) => {
        const caller = requireUser(request);
        const { rows, total } = await offersOf(db, app.deps, side, caller, request.query);
        sendTotal(reply, total);
        return rows.map((row) => toOffer(row, config.publicApiUrl, caller.id));
      },
    );
  }

  // One route per move; who may make it from which state is shared-contracts/offer-lifecycle.ts.
  for (const move of OfferMoves) {
    app.post(
      `/offers/:id/${move}`,
      {
        config: { access: 'user' },
        schema: {
          tags: ['offers'],
          security: bearer,
          params: IdParamsSchema,
          ...(move === 'counter' ? { body: CounterOfferSchema } : {}),
          response: { 200: OfferSchema },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        const body = request.body as z.infer<typeof CounterOfferSchema> | undefined;
        const row = await moveOfferBy(
          db,
          app.deps,
          caller,
          request.params.id,
          move,
          move === 'counter' ? body?.amount : undefined,
          requestLanguage(request.headers['accept-language']),
        );
        return toOffer(row, config.publicApiUrl, caller.id);
      },
    );
  }
};
