import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { toast, useLanguage } from 'shared-auth';
import type { Product } from 'shared-contracts/products';
import { priceSign } from 'web-kit/format';
import { errorMessage } from '@/shared/lib/error-message';
import { useT } from '@/shared/i18n';
import { useUpdateProduct } from '../api/update-product';

const TWO_DECIMALS = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/**
 * Edit price of one listing (docs/product.md#saved-laptops): a lower price tells the buyers who
 * saved it. Opened with the product; the API refuses a sold one's price, which the row disables.
 */
export function EditPriceDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const t = useT();
  const language = useLanguage();
  const update = useUpdateProduct();
  const [price, setPrice] = useState<number | string>(product?.price ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!product) return;
    const value = typeof price === 'number' ? price : Number(price);
    if (price === '' || !Number.isFinite(value) || value <= 0 || value > 1_000_000 || !TWO_DECIMALS(value)) {
      setError(t('listingSettings.priceInvalid'));
      return;
    }
    update.mutate(
      { id: product._id, price: value },
      {
        onSuccess: () => {
          toast.success(t('listingSettings.priceSaved'));
          onClose();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <Modal
      opened={product !== null}
      onClose={update.isPending ? () => undefined : onClose}
      title={product ? t('listingSettings.editPriceTitle', { name: product.productName }) : ''}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NumberInput
            label={t('listingSettings.newPrice')}
            value={price}
            onChange={(v) => {
              setPrice(v);
              setError(null);
            }}
            min={0}
            max={1_000_000}
            decimalScale={2}
            hideControls
            leftSection={priceSign(language)}
            error={error}
            data-autofocus
          />
          <Text size="sm" c="dimmed">
            {t('listingSettings.savedPriceDropNote')}
          </Text>
          {update.isError && !error && <Alert color="red">{errorMessage(update.error)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('listingSettings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
