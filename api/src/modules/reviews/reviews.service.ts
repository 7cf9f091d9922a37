import type { PaginationQuery } from 'shared-contracts/pagination';
import type { Database } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import type { Mailer } from '../../email/mailer';
import { owns } from '../../auth/access';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { notify } from '../notifications/notifications.service';
import { listingName } from '../products/products.repository';
import {
  answerOnce,
  findPublicSeller,
  findSellerRating,
  finishedDeal,
  insertReview,
  lockReview,
  sellerListingsPage,
} from './reviews.repository';

/**
 * Reviews (docs/product.md#reviews-and-seller-pages): a buyer reviews a seller once per finished
 * deal, the seller answers once; each side is told through the bell.
 */
export async function createReview(
  db: Database,
  mailer: Mailer,
  reviewer: UserRow,
  input: { productId: string; rating: number; text: string | null },
): Promise<string> {
  const { productId, rating, text } = input;
  return db.transaction(async (tx) => {
    const deal = await finishedDeal(tx, reviewer.id, productId);
    if (!deal)
      throw forbidden(
        'You can review a seller only after a completed or paid deal for this laptop',
        'review_not_allowed',
      );
    // The unique key (product, buyer) decides between two simultaneous first reviews.
    const id = await insertReview(tx, {
      id: newId(),
      productId,
      buyerId: reviewer.id,
      sellerId: deal.sellerId,
      rating,
      text,
    });
    if (!id) throw conflict('You have already reviewed this deal', 'already_reviewed');
    await notify(tx, mailer, {
      userId: deal.sellerId,
      kind: 'review-received',
      params: { productId, productName: deal.productName, actorName: reviewer.name, rating },
      link: '/dashboard/reviews',
    });
    return id;
  });
}

/** Only the reviewed seller answers, once (an admin who is not that seller is refused too). */
export async function answerReview(db: Database, mailer: Mailer, caller: UserRow, id: string, text: string) {
  await db.transaction(async (tx) => {
    const review = await lockReview(tx, id);
    if (!review) throw notFound(`No review with id ${id}`, 'review_not_found');
    if (!owns(caller, { id: review.sellerId }))
      throw forbidden('Only the reviewed seller can answer this review', 'not_review_seller');
    if (review.answer !== null) throw conflict('You have already answered this review', 'already_answered');
    await answerOnce(tx, review.id, text);
    await notify(tx, mailer, {
      userId: review.buyerId,
      kind: 'review-answered',
      params: {
        productId: review.productId,
        productName: await listingName(tx, review.productId),
        actorName: caller.name,
      },
      link: `/sellers/${review.sellerId}`,
    });
  });
}

/** A live user who can have listings, or 404 (the seller page and its reviews). */
export async function requirePublicSeller(db: Database, id: string) {
  const seller = await findPublicSeller(db, id);
  if (!seller) throw notFound(`No seller with id ${id}`, 'seller_not_found');
  return seller;
}

/** The seller page's parts: the seller, their rating and one page of their available listings. */
export async function sellerPage(db: Database, id: string, query: PaginationQuery) {
  const seller = await requirePublicSeller(db, id);
  const [listings, rating] = await Promise.all([
    sellerListingsPage(db, seller.id, query),
    findSellerRating(db, seller.id),
  ]);
  return { seller, listings, rating };
}
