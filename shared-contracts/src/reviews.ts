import { z } from './zod';
import { IdSchema, PaginationQuerySchema } from './pagination';
import { ProductSchema, SellerRatingSchema } from './products';
import { multiLineText } from './text';

/** docs/product.md#reviews-and-seller-pages: 1–5 stars and an optional text; the seller answers once. */
import { MAX_REVIEW_TEXT } from './message-limits';

export { MAX_REVIEW_TEXT };
export const REVIEW_STARS = [1, 2, 3, 4, 5] as const;

export const CreateReviewSchema = z.object({
  productId: IdSchema.describe('The listing of the finished deal'),
  rating: z.number().int().min(1).max(5),
  /** Empty or only spaces means no text. */
  text: multiLineText().trim().max(MAX_REVIEW_TEXT).optional(),
});
export type CreateReview = z.infer<typeof CreateReviewSchema>;

export const AnswerReviewSchema = z.object({
  text: multiLineText().trim().min(1).max(MAX_REVIEW_TEXT),
});
export type AnswerReview = z.infer<typeof AnswerReviewSchema>;

export const ReviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string().nullable(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
  productId: z.string(),
  productName: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  /** The reviewer's name as their profile gives it; never their e-mail or phone. */
  buyerName: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;
export const ReviewListSchema = z.array(ReviewSchema);

/** Reviews pages: newest first, 10 by default; the total in X-Total-Count. */
export const ReviewsQuerySchema = PaginationQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type ReviewsQuery = z.infer<typeof ReviewsQuerySchema>;

/** GET /reviews/pending: a finished deal the buyer has not reviewed yet. */
export const PendingReviewSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  image: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  finishedAt: z.string(),
});
export type PendingReview = z.infer<typeof PendingReviewSchema>;
export const PendingReviewListSchema = z.array(PendingReviewSchema);

/** GET /sellers/:id: the public seller page (no e-mail, no phone). */
export const SellerListingsQuerySchema = PaginationQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(48).default(12),
});
export type SellerListingsQuery = z.infer<typeof SellerListingsQuerySchema>;

export const SellerProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  memberSince: z.string(),
  rating: SellerRatingSchema,
  /** One page of the seller's available listings, newest first. */
  listings: z.object({
    items: z.array(ProductSchema),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
  }),
});
export type SellerProfile = z.infer<typeof SellerProfileSchema>;
