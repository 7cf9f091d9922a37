import { Button } from '@mantine/core';
import type { Product } from 'shared-contracts/products';
import { useT } from '../i18n';

/**
 * My Products' "Verify device" button (docs/product.md#verified-devices), loaded with the page's rows
 * rather than with the dashboard: its texts stay out of every other page's first load. The dialog it
 * opens belongs to the page, not to the row: a row is a table row or a phone card depending on the
 * width, and a dialog owned by the row would close when the layout switches under it.
 */
export default function VerifyCell({
  product,
  onOpen,
}: {
  product: Product;
  onOpen: (product: Product) => void;
}) {
  const t = useT();
  return (
    <Button
      size="xs"
      variant={product.verifiedDevice ? 'subtle' : 'default'}
      color={product.verifiedDevice ? 'green' : undefined}
      aria-label={t('verify.actionFor', { name: product.productName })}
      disabled={product.status === 'sold'}
      onClick={() => onOpen(product)}
    >
      {product.verifiedDevice ? `✓ ${t('verify.action')}` : t('verify.action')}
    </Button>
  );
}
