import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AcknowledgedSchema, InsertResultSchema } from 'shared-contracts/errors';
import { IdParamsSchema } from 'shared-contracts/pagination';
import {
  AnswerReviewSchema,
  CreateReviewSchema,
  PendingReviewListSchema,
  ReviewListSchema,
  ReviewsQuerySchema,
  SellerListingsQuerySchema,
  SellerProfileSchema,
} from 'shared-contracts/reviews';
import { products, reviews, sellerRatings } from '../../db/schema/index';
import { requireUser } from '../../auth/access';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { pageWindow, resolveAssetUrl, sendTotal } from '../../lib/http';
import { notify } from '../../services/notifications';
import { countProducts, listedCondition, productQuery } from '../products/products.repository';
import { sellerRating, toProduct } from '../products/products.wire';
import { findPublicSeller, finishedDeal, listReviews, pendingReviews } from './reviews.repository';

/**
 * Reviews and the public seller page (docs/product.md#reviews-and-seller-pages). Every write here
 * is a POST, so the catalogue cache (plugins/catalog-cache.ts) empties on it, in every API
 * process: a new review shows on cards and seller pages at once.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer } = app.deps;
  const bearer = [{ bearerAuth: [] }];

  app.post(
    '/reviews',
    {
      config: { access: ['buyer'] },
      schema: {
        tags: ['reviews'],
        security: bearer,
        body: CreateReviewSchema,
        response: { 201: InsertResultSchema },
      },
    },
    async (request, reply) => {
      const reviewer = requireUser(request);
      const { productId, rating } = request.body;
      const text = request.body.text ? request.body.text : null;
      const id = await db.transaction(async (tx) => {
        const deal = await finishedDeal(tx, reviewer.id, productId);
        if (!deal)
          throw forbidden(
            'You can review a seller only after a completed or paid deal for this laptop',
            'review_not_allowed',
          );
        // The unique key (product, buyer) decides between two simultaneous first reviews.
        const [inserted] = await tx
          .insert(reviews)
          .values({ id: newId(), productId, buyerId: reviewer.id, sellerId: deal.sellerId, rating, text })
          .onConflictDoNothing()
          .returning({ id: reviews.id });
        if (!inserted) throw conflict('You have already reviewed this deal', 'already_reviewed');
        await notify(tx, mailer, {
          userId: deal.sellerId,
          kind: 'review-received',
          params: { productId, productName: deal.productName, actorName: reviewer.name, rating },
          link: '/dashboard/reviews',
        });
        return inserted.id;
      });
      return reply.code(201).send({ acknowledged: true, insertedId: id });
    },
  );

  app.post(
    '/reviews/:id/answer',
    {
      config: { access: ['seller', 'admin'] },
      schema: {
        tags: ['reviews'],
        security: bearer,
        params: IdParamsSchema,
        body: AnswerReviewSchema,
        response: { 200: AcknowledgedSchema },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      return db.transaction(async (tx) => {
        const [review] = await tx
          .select()
          .from(reviews)
          .where(eq(reviews.id, request.params.id))
          .limit(1)
          .for('update');
        if (!review) throw notFound(`No review with id ${request.params.id}`, 'review_not_found');
        if (review.sellerId !== caller.id)
          throw forbidden('Only the reviewed seller can answer this review', 'not_review_seller');
        if (review.answer !== null)
          throw conflict('You have already answered this review', 'already_answered');
        await tx
          .update(reviews)
          .set({ answer: request.body.text, answeredAt: sql`now()` })
          .where(and(eq(reviews.id, review.id), sql`${reviews.answer} is null`));
        const [product] = await tx
          .select({ name: products.name })
          .from(products)
          .where(eq(products.id, review.productId))
          .limit(1);
        await notify(tx, mailer, {
          userId: review.buyerId,
          kind: 'review-answered',
          params: { productId: review.productId, productName: product?.name, actorName: caller.name },
          link: `/sellers/${review.sellerId}`,
        });
        return { acknowledged: true };
      });
    },
  );

  app.get(
    '/reviews/pending',
    {
      config: { access: ['buyer'] },
      schema: { tags: ['reviews'], security: bearer, response: { 200: PendingReviewListSchema } },
    },
    async (request) => pendingReviews(db, requireUser(request).id, config.publicApiUrl),
  );

  // The reviews a buyer gave and those a seller received: one list, seen from either side.
  const reviewLists = [
    { path: '/reviews/given', access: ['buyer'], whose: (id: string) => ({ buyerId: id }) },
    { path: '/reviews/received', access: ['seller', 'admin'], whose: (id: string) => ({ sellerId: id }) },
  ] as const;
  for (const { path, access, whose } of reviewLists) {
    app.get(
      path,
      {
        config: { access },
        schema: {
          tags: ['reviews'],
          security: bearer,
          querystring: ReviewsQuerySchema,
          response: { 200: ReviewListSchema },
        },
      },
      async (request, reply) => {
        const { rows, total } = await listReviews(db, whose(requireUser(request).id), request.query);
        sendTotal(reply, total);
        return rows;
      },
    );
  }

  app.get(
    '/sellers/:id',
    {
      config: { access: 'public', cache: 'catalog' },
      schema: {
        tags: ['catalog'],
        params: IdParamsSchema,
        querystring: SellerListingsQuerySchema,
        response: { 200: SellerProfileSchema },
      },
    },
    async (request, reply) => {
      const seller = await findPublicSeller(db, request.params.id);
      if (!seller) throw notFound(`No seller with id ${request.params.id}`, 'seller_not_found');
      const where = and(listedCondition, eq(products.sellerId, seller.id), eq(products.status, 'available'));
      const { limit, offset } = pageWindow(request.query);
      const [rows, total, [rating]] = await Promise.all([
        productQuery(db)
          .where(where)
          .orderBy(desc(products.createdAt), desc(products.id))
          .limit(limit)
          .offset(offset),
        countProducts(db, where),
        db.select().from(sellerRatings).where(eq(sellerRatings.sellerId, seller.id)).limit(1),
      ]);
      // Paged like every list: the listings' total in the header as well as in the body.
      sendTotal(reply, total);
      return {
        _id: seller.id,
        name: seller.name,
        photoUrl: seller.photoUrl ? resolveAssetUrl(seller.photoUrl, config.publicApiUrl) : null,
        memberSince: seller.createdAt.toISOString(),
        rating: sellerRating(rating?.count ?? 0, rating?.sum ?? 0),
        listings: {
          items: rows.map((r) => toProduct(r, config.publicApiUrl)),
          total,
          page: request.query.page,
          limit,
        },
      };
    },
  );

  app.get(
    '/sellers/:id/reviews',
    {
      config: { access: 'public', cache: 'catalog' },
      schema: {
        tags: ['catalog'],
        params: IdParamsSchema,
        querystring: ReviewsQuerySchema,
        response: { 200: ReviewListSchema },
      },
    },
    async (request, reply) => {
      const seller = await findPublicSeller(db, request.params.id);
      if (!seller) throw notFound(`No seller with id ${request.params.id}`, 'seller_not_found');
      const { rows, total } = await listReviews(db, { sellerId: seller.id }, request.query);
      sendTotal(reply, total);
      return rows;
    },
  );
};
