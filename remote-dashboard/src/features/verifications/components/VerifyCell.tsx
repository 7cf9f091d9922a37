import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import type { Product } from 'shared-contracts/products';
import { useT } from '../i18n';

const VerifyDeviceDialog = lazy(() => import('./VerifyDeviceDialog'));

/**
 * My Products' "Verify device" cell (docs/product.md#verified-devices), loaded with the page's rows
 * rather than with the dashboard: its texts and the dialog stay out of every other page's first load.
 */
export default function VerifyCell({ product }: { product: Product }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant={product.verifiedDevice ? 'subtle' : 'default'}
        color={product.verifiedDevice ? 'green' : undefined}
        aria-label={t('verify.actionFor', { name: product.productName })}
        disabled={product.status === 'sold'}
        onClick={() => setOpen(true)}
      >
        {product.verifiedDevice ? `✓ ${t('verify.action')}` : t('verify.action')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <VerifyDeviceDialog product={product} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
