import { listingAllows } from 'shared-contracts/sales-status';
import type { Database } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import { requireOwner } from '../../auth/access';
import { conflict, notFound } from '../../lib/errors';
import { findListingToAdvertise, insertAdvert } from './adverts.repository';

/**
 * A seller advertises one of their own listings that is not sold; the id of the new advert, or
 * null when the listing was advertised already.
 */
export async function advertise(db: Database, seller: UserRow, productId: string): Promise<string | null> {
  const product = await findListingToAdvertise(db, productId);
  if (!product) throw notFound(`No product with id ${productId}`, 'product_not_found');
  requireOwner(seller, { id: product.sellerId }, 'You can only advertise your own products');
  if (!listingAllows(product.status, 'advertise'))
    throw conflict('A sold product cannot be advertised', 'product_sold');
  return insertAdvert(db, productId);
}
