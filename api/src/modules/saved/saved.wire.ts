import type { SavedListing } from 'shared-contracts/saved';
import { resolveAssetUrl } from '../../lib/http';
import { fromCents } from '../../lib/money';
import type { SavedSqlRow } from './saved.repository';

/** A row of the Saved page as the API's answer: its price and status now. */
export const toSavedListing = (r: SavedSqlRow, publicApiUrl: string): SavedListing => ({
  productId: r.productId,
  productName: r.name,
  price: fromCents(r.priceCents),
  status: r.status,
  image: resolveAssetUrl(r.imageUrl, publicApiUrl),
  categoryName: r.categoryName,
  listed: Boolean(r.listed),
  savedAt: new Date(r.savedAt).toISOString(),
});
