import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BookingListSchema,
  BookingsQuerySchema,
  CreateBookingSchema,
  MyBuyerListSchema,
  MyBuyersQuerySchema,
} from 'shared-contracts/bookings';
import { InsertResultSchema } from 'shared-contracts/errors';
import { bookingActions } from 'shared-contracts/booking-lifecycle';
import { BookingMoves, BookingMoveResultSchema } from 'shared-contracts/bookings';
import { IdParamsSchema } from 'shared-contracts/pagination';
import { isAdmin, requireUser } from '../auth/access';
import { forbidden } from '../lib/errors';
import { fromCents } from '../lib/money';
import { resolveAssetUrl, sendTotal } from '../lib/http';
import { createBooking, listBuyerBookings, listMyBuyers } from '../services/bookings';
import { expireOverdueRequests, transitionBooking } from '../services/booking-lifecycle';
import { findBookableListingByName } from '../services/spec-references';

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const bearer = [{ bearerAuth: [] }];

  app.post(
    '/bookings',
    {
      config: { access: ['buyer'] },
      schema: {
        tags: ['bookings'],
        security: bearer,
        body: CreateBookingSchema,
        response: { 201: InsertResultSchema },
      },
    },
    async (request, reply) => {
      const { productId, productName, phone, place } = request.body;
      // The spec's body names the listing only by productName (api/README.md, compatibility table).
      const listing = productId ?? (await findBookableListingByName(db, productName as string));
      const insertedId = await createBooking(db, app.deps, requireUser(request), {
        productId: listing,
        phone,
        place,
      });
      return reply.code(201).send({ acknowledged: true, insertedId });
    },
  );

  app.get(
    '/bookings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['bookings'],
        security: bearer,
        querystring: BookingsQuerySchema,
        response: { 200: BookingListSchema },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const email = request.query.email?.toLowerCase() ?? caller.email;
      if (email !== caller.email && !isAdmin(caller)) throw forbidden('You can only read your own bookings');
      // Requests past their three days are expired before the read, so the list is never stale.
      await expireOverdueRequests(db, app.deps);
      const { rows, total } = await listBuyerBookings(db, email, request.query);
      sendTotal(reply, total);
      return rows.map(({ booking, product, buyer }) => ({
        _id: booking.id,
        productId: product.id,
        name: buyer.name,
        email: buyer.email,
        productName: product.name,
        image: resolveAssetUrl(product.imageUrl, config.publicApiUrl),
        price: fromCents(product.priceCents),
        phone: booking.phone,
        place: booking.place,
        date: booking.createdAt.toISOString(),
        paid: booking.paid,
        status: product.status,
        state: booking.state,
        stateChangedAt: booking.stateChangedAt.toISOString(),
        // The buyer's moves; an admin reading someone's orders may look, not act.
        actions: booking.buyerId === caller.id ? bookingActions(booking.state, 'buyer') : [],
      }));
    },
  );

  app.get(
    '/my-buyers',
    {
      config: { access: ['seller'] },
      schema: {
        tags: ['seller'],
        security: bearer,
        querystring: MyBuyersQuerySchema,
        response: { 200: MyBuyerListSchema },
      },
    },
    async (request, reply) => {
      await expireOverdueRequests(db, app.deps);
      const { rows, total } = await listMyBuyers(db, requireUser(request).id, request.query);
      sendTotal(reply, total);
      return rows;
    },
  );

  // One route per move (docs/product.md#booking-lifecycle): who may make it, and from which
  // states, is the lifecycle's table (shared-contracts/booking-lifecycle.ts), applied by
  // transitionBooking. Only the booking's buyer or seller may move it; an admin may read bookings
  // but not act on them (403), since a move speaks for one side of the deal.
  for (const move of BookingMoves) {
    app.post(
      `/bookings/:id/${move}`,
      {
        config: { access: 'user' },
        schema: {
          tags: ['bookings'],
          security: bearer,
          params: IdParamsSchema,
          response: { 200: BookingMoveResultSchema },
        },
      },
      async (request) => {
        const moved = await transitionBooking(db, app.deps, requireUser(request), request.params.id, move);
        return {
          _id: moved.id,
          state: moved.state,
          actions: bookingActions(moved.state, moved.actor),
          status: moved.status,
        };
      },
    );
  }
};
