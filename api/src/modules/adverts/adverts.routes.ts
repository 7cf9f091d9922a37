import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateAdvertSchema } from 'shared-contracts/adverts';
import { InsertResultSchema } from 'shared-contracts/errors';
import { PaginationQuerySchema } from 'shared-contracts/pagination';
import { AdvertisedProductListSchema } from 'shared-contracts/products';
import { requireUser } from '../../auth/access';
import { sendTotal } from '../../lib/http';
import { catalogTag, dependsOn, listingTags } from '../../plugins/catalog-cache';
import { toAdvertisedProduct } from './adverts.wire';
import { findOwnListingByFields } from '../../services/spec-references';
import { listAdvertised } from './adverts.repository';
import { advertise } from './adverts.service';

/** Adverts: a seller advertises a listing; the catalogue's advertised strip shows them. */
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
      // Without an id, the original client's product fields must describe one of the caller's listings.
      const productId = byId ?? _id ?? (await findOwnListingByFields(db, seller.id, specFields));
      const id = await advertise(db, seller, productId);
      // acknowledged:false = already advertised (the original client shows 'Already Advertised').
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
      const { rows, total } = await listAdvertised(db, request.query);
      sendTotal(reply, total);
      const page = rows.map((r) => toAdvertisedProduct(r, config.publicApiUrl));
      dependsOn(request, [catalogTag.adverts, ...listingTags(page)]);
      return page;
    },
  );
};
