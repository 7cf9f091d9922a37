import { and, count, desc, eq, sql } from 'drizzle-orm';
import { listingAllows } from 'shared-contracts/sales-status';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateAdvertSchema } from 'shared-contracts/adverts';
import { InsertResultSchema } from 'shared-contracts/errors';
import { PaginationQuerySchema } from 'shared-contracts/pagination';
import { AdvertisedProductListSchema } from 'shared-contracts/products';
import { adverts, products, users } from '../../db/schema/index';
import { requireOwner, requireUser } from '../../auth/access';
import { conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { pageWindow, sendTotal } from '../../lib/http';
import { listedCondition, productQuery } from '../products/products.repository';
import { toProduct } from '../products/products.wire';
import { findOwnListingByFields } from '../../services/spec-references';

export const advertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.post(
    '/add-advertise',
    {
      config: { access: ['seller'] },
      schema: {
        tags: ['seller'],
        security: [{ bearerAuth: [] }],
        body: CreateAdvertSchema,
        response: { 200: InsertResultSchema, 201: InsertResultSchema },
      },
    },
    async (request, reply) => {
      const seller = requireUser(request);
      const { productId: byId, _id, ...specFields } = request.body;
      // Without an id, the spec's product fields must describe one of the caller's listings.
      const productId = byId ?? _id ?? (await findOwnListingByFields(db, seller.id, specFields));
      const [product] = await db
        .select({ id: products.id, sellerId: products.sellerId, status: products.status })
        .from(products)
        .where(and(eq(products.id, productId), sql`${products.deletedAt} is null`))
        .limit(1);
      if (!product) throw notFound(`No product with id ${productId}`, 'product_not_found');
      requireOwner(seller, { id: product.sellerId }, 'You can only advertise your own products');
      if (!listingAllows(product.status, 'advertise'))
        throw conflict('A sold product cannot be advertised', 'product_sold');
      const inserted = await db
        .insert(adverts)
        .values({ id: newId(), productId })
        .onConflictDoNothing({ target: adverts.productId })
        .returning({ id: adverts.id });
      const id = inserted[0]?.id ?? null;
      // acknowledged:false = already advertised (the spec's client shows 'Already Advertised').
      return reply.code(id ? 201 : 200).send({ acknowledged: id !== null, insertedId: id });
    },
  );

  app.get(
    '/get-advertise',
    {
      config: { access: 'public', cache: 'catalog' },
      schema: {
        tags: ['catalog'],
        querystring: PaginationQuerySchema,
        response: { 200: AdvertisedProductListSchema },
      },
    },
    async (request, reply) => {
      // Sold products drop out of the advertised strip; booked ones stay (they can still be paid).
      const where = and(listedCondition, sql`${products.status} <> 'sold'`, sql`${adverts.id} is not null`);
      const { limit, offset } = pageWindow(request.query);
      const rows = await productQuery(db)
        .where(where)
        .orderBy(desc(adverts.createdAt), desc(adverts.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db
        .select({ n: count() })
        .from(adverts)
        .innerJoin(products, eq(products.id, adverts.productId))
        .innerJoin(users, eq(users.id, products.sellerId))
        .where(where);
      sendTotal(reply, total?.n ?? 0);
      return rows.map((r) => ({ ...toProduct(r, config.publicApiUrl), advertId: r.advertId as string }));
    },
  );
};
