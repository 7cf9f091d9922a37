import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BookingListSchema,
  BookingsQuerySchema,
  CreateBookingSchema,
  MyBuyerListSchema,
  MyBuyersQuerySchema,
} from 'shared-contracts/bookings';
import { InsertResultSchema } from 'shared-contracts/errors';
import { BookingMoves, BookingMoveResultSchema } from 'shared-contracts/bookings';
import { IdParamsSchema } from 'shared-contracts/pagination';
import { requireUser } from '../../auth/access';
import { sendTotal } from '../../lib/http';
import { findBookableListingByName } from '../../services/spec-references';
import { transitionBooking } from './bookings.lifecycle';
import { createBooking, listBookingsOf, listMyBuyersOf } from './bookings.service';
import { toBooking, toMoveResult, toMyBuyer } from './bookings.wire';

/** Booking requests, My Orders, My Buyers and the moves of the booking lifecycle. */
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
      // The original client's body names the listing only by productName (api/README.md, compatibility table).
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
      const { rows, total } = await listBookingsOf(db, app.deps, caller, request.query);
      sendTotal(reply, total);
      return rows.map((row) => toBooking(row, config.publicApiUrl, caller));
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
      const { rows, total } = await listMyBuyersOf(db, app.deps, requireUser(request), request.query);
      sendTotal(reply, total);
      return rows.map(toMyBuyer);
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
        return toMoveResult(
          await transitionBooking(db, app.deps, requireUser(request), request.params.id, move),
        );
      },
    );
  }
};
