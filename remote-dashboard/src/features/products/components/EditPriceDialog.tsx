import { lazy, Suspense } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toast, useLanguage } from 'runtime-kernel';
import { MAX_PRICE, UpdateProductSchema, type Product } from 'shared-contracts/products';
import { priceSign } from 'web-kit/format';
import { schemaValidator } from 'web-kit/form-validation';
import { errorMessage } from '@/shared/lib/error-message';
import { useT } from '@/shared/i18n';
import { useUpdateProduct } from '../api/update-product';

// Loaded when the dialog opens: the panel and its texts stay out of My Products' first load.
const PriceGuidancePanel = lazy(() => import('../price-guidance/PriceGuidancePanel'));

/**
 * Edit price of one listing (docs/product.md#saved-laptops): a lower price tells the buyers who
 * saved it. Opened with the product; the API refuses a sold one's price, which the row disables.
 */
export function EditPriceDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const t = useT();
  const language = useLanguage();
  const update = useUpdateProduct();
  const form = useForm<{ price: number | string }>({
    initialValues: { price: product?.price ?? '' },
    // The API's own price rule (PATCH /add-products/:id): above 0, at most two decimals, a maximum.
    validate: schemaValidator(UpdateProductSchema, {
      payload: ({ price }) => ({ price: price === '' ? null : price }),
      messages: { price: 'listingSettings.priceInvalid' },
      t,
    }),
  });
  const error = form.errors.price;

  const submit = ({ price }: typeof form.values) => {
    if (!product) return;
    update.mutate(
      { id: product._id, price: Number(price) },
      {
        onSuccess: () => {
          toast.success(t('listingSettings.priceSaved'));
          onClose();
        },
        onError: (e) => form.setFieldError('price', errorMessage(e)),
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
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <NumberInput
            label={t('listingSettings.newPrice')}
            {...form.getInputProps('price')}
            min={0}
            max={MAX_PRICE}
            decimalScale={2}
            hideControls
            leftSection={priceSign(language)}
            data-autofocus
          />
          <Text size="sm" c="dimmed">
            {t('listingSettings.savedPriceDropNote')}
          </Text>
          {product && (
            <Suspense fallback={null}>
              <PriceGuidancePanel
                category={product.category}
                productName={product.productName}
                ramGb={product.specs?.ramGb}
                storageGb={product.specs?.storageGb}
                quality={product.quality}
                excludeProductId={product._id}
              />
            </Suspense>
          )}
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
