import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BookingListSchema,
  BookingsQuerySchema,
  CreateBookingSchema,
  MyBuyerListSchema,
} from 'shared-contracts/bookings';
import { InsertResultSchema } from 'shared-contracts/errors';
import { PaginationQuerySchema } from 'shared-contracts/pagination';
import { alias } from 'drizzle-orm/pg-core';
import { bookings, payments, products, users } from '../db/schema/index';
import { isAdmin, requireUser } from '../auth/access';
import { forbidden } from '../lib/errors';
import { fromCents } from '../lib/money';
import { pageWindow, resolveAssetUrl, sendTotal } from '../lib/http';
import { createBooking } from '../services/bookings';
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
      const where = eq(users.email, email);
      const { limit, offset } = pageWindow(request.query);
      const rows = await db
        .select({ booking: bookings, product: products, buyer: users })
        .from(bookings)
        .innerJoin(users, eq(users.id, bookings.buyerId))
        .innerJoin(products, eq(products.id, bookings.productId))
        .where(where)
        .orderBy(desc(bookings.createdAt), desc(bookings.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db
        .select({ n: count() })
        .from(bookings)
        .innerJoin(users, eq(users.id, bookings.buyerId))
        .where(where);
      sendTotal(reply, total?.n ?? 0);
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
        querystring: PaginationQuerySchema,
        response: { 200: MyBuyerListSchema },
      },
    },
    async (request, reply) => {
      const seller = requireUser(request);
      const buyer = alias(users, 'buyer');
      const bookingRows = await db
        .select({ booking: bookings, product: products, buyer })
        .from(bookings)
        .innerJoin(products, eq(products.id, bookings.productId))
        .innerJoin(buyer, eq(buyer.id, bookings.buyerId))
        .where(eq(products.sellerId, seller.id));
      const paymentRows = await db
        .select({ payment: payments, product: products, buyer })
        .from(payments)
        .innerJoin(products, eq(products.id, payments.productId))
        .innerJoin(buyer, eq(buyer.id, payments.buyerId))
        .where(and(eq(products.sellerId, seller.id), eq(payments.status, 'paid')));
      const all = [
        ...bookingRows.map(({ booking, product, buyer: b }) => ({
          _id: booking.id,
          kind: 'booking' as const,
          productId: product.id,
          productName: product.name,
          name: b.name,
          email: b.email,
          phone: booking.phone,
          place: booking.place,
          price: fromCents(product.priceCents),
          paid: booking.paid,
          date: booking.createdAt.toISOString(),
        })),
        ...paymentRows.map(({ payment, product, buyer: b }) => ({
          _id: payment.id,
          kind: 'payment' as const,
          productId: product.id,
          productName: product.name,
          name: b.name,
          email: b.email,
          phone: null,
          place: null,
          price: fromCents(payment.amountCents),
          paid: true,
          date: (payment.paidAt ?? payment.createdAt).toISOString(),
        })),
      ].sort((a, b) => b.date.localeCompare(a.date));
      const { limit, offset } = pageWindow(request.query);
      sendTotal(reply, all.length);
      return all.slice(offset, offset + limit);
    },
  );
};
