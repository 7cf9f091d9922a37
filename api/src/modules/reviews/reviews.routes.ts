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
import { requireUser } from '../../auth/access';
import { sendTotal } from '../../lib/http';
import { catalogTag, dependsOn, listingTags } from '../../plugins/catalog-cache';
import { listReviews, pendingReviews } from './reviews.repository';
import { answerReview, createReview, requirePublicSeller, sellerPage } from './reviews.service';
import { toPendingReview, toReview, toSellerProfile } from './reviews.wire';

/**
 * Reviews and the public seller page (docs/product.md#reviews-and-seller-pages). A review changes
 * the seller's rating, which the database announces (migration 0017), so every API process forgets
 * the cached cards and seller pages that show it: a new review shows at once.
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
      const { productId, rating } = request.body;
      const text = request.body.text ? request.body.text : null;
      const id = await createReview(db, mailer, requireUser(request), { productId, rating, text });
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
      await answerReview(db, mailer, requireUser(request), request.params.id, request.body.text);
      return { acknowledged: true };
    },
  );

  app.get(
    '/reviews/pending',
    {
      config: { access: ['buyer'] },
      schema: { tags: ['reviews'], security: bearer, response: { 200: PendingReviewListSchema } },
    },
    async (request) =>
      (await pendingReviews(db, requireUser(request).id)).map((r) => toPendingReview(r, config.publicApiUrl)),
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
        return rows.map(toReview);
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
      const { seller, listings, rating } = await sellerPage(db, request.params.id, request.query);
      // Paged like every list: the listings' total in the header as well as in the body.
      sendTotal(reply, listings.total);
      const profile = toSellerProfile(seller, rating, listings, request.query.page, config.publicApiUrl);
      dependsOn(request, [
        catalogTag.seller(seller.id),
        catalogTag.sellerListings(seller.id),
        ...listingTags(profile.listings.items),
      ]);
      return profile;
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
      const seller = await requirePublicSeller(db, request.params.id);
      dependsOn(request, [catalogTag.seller(seller.id)]);
      const { rows, total } = await listReviews(db, { sellerId: seller.id }, request.query);
      sendTotal(reply, total);
      return rows.map(toReview);
    },
  );
};
