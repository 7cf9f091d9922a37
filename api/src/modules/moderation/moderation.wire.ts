import type { ModerationItem } from 'shared-contracts/moderation';
import { resolveAssetUrl } from '../../lib/http';
import { fromCents } from '../../lib/money';
import type { QueueRow } from './moderation.repository';

/** A waiting listing as the queue shows it: its photos as URLs, its price in taka. */
export const toModerationItem = (row: QueueRow, publicApiUrl: string): ModerationItem => ({
  _id: row.id,
  productName: row.name,
  sellerEmail: row.sellerEmail,
  sellerName: row.sellerName,
  price: fromCents(row.priceCents),
  photos: (row.photoUrls.length > 0 ? row.photoUrls : [row.imageUrl]).map((url) =>
    resolveAssetUrl(url, publicApiUrl),
  ),
  excerpt: row.excerpt,
  flags: row.flags ?? [],
  createdAt: row.createdAt.toISOString(),
});
