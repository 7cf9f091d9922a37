import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BookingListSchema,
  BookingsQuerySchema,
  CreateBookingSchema,
  MyBuyerListSchema,
  MyBuyersQuerySchema,
} from 'shared-contracts/bookings';
import { InsertResultSchema } from 'shared-contracts/errors';
import { isAdmin, requireUser } from '../auth/access';
import { forbidden } from '../lib/errors';
import { fromCents } from '../lib/money';
import { resolveAssetUrl, sendTotal } from '../lib/http';
import { createBooking, listBuyerBookings, listMyBuyers } from '../services/bookings';
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
      const insertedId = await createBooking(db, requireUser(request), { productId: listing, phone, place });
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
      const { rows, total } = await listMyBuyers(db, requireUser(request).id, request.query);
      sendTotal(reply, total);
      return rows;
    },
  );
};
