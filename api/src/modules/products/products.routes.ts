import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CategoryIdSchema } from 'shared-contracts/categories';
import { DeleteResultSchema, InsertResultSchema } from 'shared-contracts/errors';
import { KeysetPageQuerySchema } from 'shared-contracts/pagination';
import {
  CreateProductSchema,
  ProductIdParamsSchema,
  ProductListSchema,
  MyProductListSchema,
  ProductSchema,
  RecentProductsQuerySchema,
  SellerProductsQuerySchema,
  UpdateProductResultSchema,
  UpdateProductSchema,
} from 'shared-contracts/products';
import { requireIdentity, requireUser } from '../../auth/access';
import { notFound } from '../../lib/errors';
import { sendNextLink, sendTotal } from '../../lib/http';
import { cursorCodec } from '../../lib/signed-cursor';
import { catalogTag, dependsOn, listingTags } from '../../plugins/catalog-cache';
import { listingImages } from '../images/listing-images';
import { categoryExists, findListedProduct, listedNewestFirst } from './products.repository';
import { createProduct, deleteProduct, listProductsOf, updateProduct } from './products.service';
import { toProduct, type ProductViewer } from './products.wire';

/** The catalogue's listings (category pages, details, recent) and the seller's own (My Products). */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const cursors = cursorCodec(config.apiTokenSecret, 'newest-first');
  // Public lists are read as a visitor (null viewer): a seller who hid their phone and e-mail has
  // them left out (docs/product.md#contact-details-on-a-listing); My Products passes the caller.
  const present = (rows: Parameters<typeof toProduct>[0][], viewer: ProductViewer = null) =>
    rows.map((r) => toProduct(r, config.publicApiUrl, viewer));

  app.get(
    '/category/products/:id',
    {
      config: { access: 'public', cache: 'catalog' },
      schema: {
        tags: ['catalog'],
        params: z.object({ id: CategoryIdSchema }),
        querystring: KeysetPageQuerySchema,
        response: { 200: ProductListSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { rows, total, next } = await listedNewestFirst(db, { categoryId: id }, request.query, cursors);
      // A page with listings is of a brand that exists: only an empty one asks, one read fewer a page.
      if (rows.length === 0 && !(await categoryExists(db, id)))
        throw notFound(`No category with id ${id}`, 'category_not_found');
      sendTotal(reply, total);
      sendNextLink(request, reply, next);
      const page = present(rows);
      dependsOn(request, [catalogTag.brandLists(id), ...listingTags(page)]);
      return page;
    },
  );

  app.get(
    '/details/:id',
    {
      config: { access: 'public', cache: 'catalog' },
      schema: { tags: ['catalog'], params: ProductIdParamsSchema, response: { 200: ProductSchema } },
    },
    async (request) => {
      const product = toProduct(await findListedProduct(db, request.params.id), config.publicApiUrl);
      dependsOn(request, listingTags([product]));
      return product;
    },
  );

  app.get(
    '/recent-product',
    {
      config: { access: 'public', cache: 'catalog' },
      schema: {
        tags: ['catalog'],
        querystring: RecentProductsQuerySchema,
        response: { 200: ProductListSchema },
      },
    },
    async (request, reply) => {
      const { rows, total, next } = await listedNewestFirst(db, {}, request.query, cursors);
      sendTotal(reply, total);
      sendNextLink(request, reply, next);
      const page = present(rows);
      dependsOn(request, [catalogTag.brandLists(), ...listingTags(page)]);
      return page;
    },
  );

  app.get(
    '/add-products',
    {
      config: { access: ['seller', 'admin'] },
      schema: {
        tags: ['seller'],
        security: [{ bearerAuth: [] }],
        querystring: SellerProductsQuerySchema,
        response: { 200: MyProductListSchema },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const { rows, total } = await listProductsOf(db, caller, request.query);
      sendTotal(reply, total);
      // The seller reads their listings' review state beside them (docs/product.md#moderation).
      return rows.map((r) => ({
        ...toProduct(r, config.publicApiUrl, caller),
        reviewState: r.reviewState,
        refusalReason: r.reviewState === 'refused' ? r.refusalReason : null,
      }));
    },
  );

  app.post(
    '/add-products',
    {
      config: { access: ['seller'] },
      schema: {
        tags: ['seller'],
        security: [{ bearerAuth: [] }],
        body: CreateProductSchema,
        response: { 201: InsertResultSchema },
      },
    },
    async (request, reply) => {
      const { image, photos } = request.body;
      const seller = requireUser(request);
      const [storedImage, ...storedPhotos] = await listingImages(
        db,
        config.publicApiUrl,
        config.imageImport,
        { uid: requireIdentity(request).uid, id: seller.id },
        [{ field: 'image', url: image }, ...(photos ?? []).map((url, i) => ({ field: `photos.${i}`, url }))],
      );
      const insertedId = await createProduct(db, seller, {
        ...request.body,
        image: storedImage!,
        photos: photos ? storedPhotos : undefined,
      });
      return reply.code(201).send({ acknowledged: true, insertedId });
    },
  );

  app.patch(
    '/add-products/:id',
    {
      config: { access: ['seller'] },
      schema: {
        tags: ['seller'],
        security: [{ bearerAuth: [] }],
        params: ProductIdParamsSchema,
        body: UpdateProductSchema,
        response: { 200: UpdateProductResultSchema },
      },
    },
    async (request) => {
      const updated = await updateProduct(
        db,
        app.deps.mailer,
        requireUser(request),
        request.params.id,
        request.body,
      );
      return { acknowledged: true, ...updated };
    },
  );

  app.delete(
    '/add-products/:id',
    {
      config: { access: ['seller', 'admin'] },
      schema: {
        tags: ['seller'],
        security: [{ bearerAuth: [] }],
        params: ProductIdParamsSchema,
        response: { 200: DeleteResultSchema },
      },
    },
    async (request) => {
      await deleteProduct(db, app.deps, requireUser(request), request.params.id);
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
