import type { ProductJoinRow } from '../products/products.repository';
import { toProduct } from '../products/products.wire';

/** A listing of the advertised strip: the catalogue's card and the advert it is shown through. */
export const toAdvertisedProduct = (r: ProductJoinRow, publicApiUrl: string) => ({
  ...toProduct(r, publicApiUrl),
  advertId: r.advertId as string,
});
