import type { PendingReview, Review, SellerProfile } from 'shared-contracts/reviews';
import type { UserRow } from '../../db/schema/index';
import { resolveAssetUrl } from '../../lib/http';
import { sellerRating, toProduct } from '../products/products.wire';
import type {
  findSellerRating,
  PendingReviewSqlRow,
  ReviewSqlRow,
  sellerListingsPage,
} from './reviews.repository';

/** How reviews, deals left to review and the public seller page become the API's answers. */

export function toReview(row: ReviewSqlRow): Review {
  const { review } = row;
  return {
    _id: review.id,
    rating: review.rating,
    text: review.text,
    answer: review.answer,
    answeredAt: review.answeredAt?.toISOString() ?? null,
    createdAt: review.createdAt.toISOString(),
    productId: review.productId,
    productName: row.productName,
    sellerId: review.sellerId,
    sellerName: row.sellerName,
    buyerName: row.buyerName,
  };
}

export const toPendingReview = (r: PendingReviewSqlRow, publicApiUrl: string): PendingReview => ({
  productId: r.productId,
  productName: r.productName,
  image: resolveAssetUrl(r.imageUrl, publicApiUrl),
  sellerId: r.sellerId,
  sellerName: r.sellerName,
  finishedAt: new Date(r.finishedAt).toISOString(),
});

/** The public seller page: who they are, their rating, one page of their available listings. */
export function toSellerProfile(
  seller: UserRow,
  rating: Awaited<ReturnType<typeof findSellerRating>>,
  listings: Awaited<ReturnType<typeof sellerListingsPage>>,
  page: number,
  publicApiUrl: string,
): SellerProfile {
  return {
    _id: seller.id,
    name: seller.name,
    photoUrl: seller.photoUrl ? resolveAssetUrl(seller.photoUrl, publicApiUrl) : null,
    memberSince: seller.createdAt.toISOString(),
    rating: sellerRating(rating?.count ?? 0, rating?.sum ?? 0),
    listings: {
      items: listings.rows.map((r) => toProduct(r, publicApiUrl)),
      total: listings.total,
      page,
      limit: listings.limit,
    },
  };
}
