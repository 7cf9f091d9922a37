import { lazy, Suspense, useCallback, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Divider,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { toast, useAuthStore, useLanguage } from 'runtime-kernel';
import { PageHeader } from '@/shared/components/PageHeader';
import { errorMessage } from '@/shared/lib/error-message';
import { useCategories } from 'web-kit/api/categories';
import { priceSign } from 'web-kit/format';
import { useT } from '@/shared/i18n';
import { useCreateProduct } from '../api/create-product';
import { ConditionField } from '../components/ConditionField';
import { NUMBER_INPUT, WHOLE_NUMBER_INPUT } from '../components/field-bindings';
import { PhotoUpload, type UploadStatus } from '../components/PhotoUpload';
import { SpecsFields } from '../components/SpecsFields';
import {
  emptyProductForm,
  MIN_YEAR,
  toCreateProduct,
  validateProductForm,
  type ProductFormErrors,
  type ProductFormValues,
} from '../components/product-form';

// Loaded after the form: the panel and its texts stay out of the dashboard's first load.
const PriceGuidancePanel = lazy(() => import('../price-guidance/PriceGuidancePanel'));

/** Both price fields: whole units and hundredths of the site's currency, never negative. */
const MONEY_INPUT = { ...NUMBER_INPUT, min: 0, max: 1_000_000, decimalScale: 2 } as const;

/** One titled group of the form: a fieldset for screen readers, a heading to jump to. */
function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Fieldset
      variant="unstyled"
      legend={
        <Title order={2} fz="h4">
          {title}
        </Title>
      }
    >
      <Divider mb="md" mt={4} />
      {children}
    </Fieldset>
  );
}

/** Fields whose messages are about the pair: changing one answers both. */
const PAIRED: Partial<Record<keyof ProductFormValues, keyof ProductFormValues>> = {
  batteryHealthPercent: 'batteryHealthSource',
  batteryHealthSource: 'batteryHealthPercent',
};

/**
 * Seller: Add a Products with the laptop's specs and up to six photos (docs/product.md#laptop-specs,
 * docs/product.md#photos), validated as the API validates, photos uploaded with progress.
 */
export default function AddProductPage() {
  const t = useT();
  const language = useLanguage();
  const email = useAuthStore((s) => s.user?.email);
  const navigate = useNavigate();
  const categories = useCategories();
  const create = useCreateProduct();
  const [uploadStatus, setUploadStatus] = useState<UploadStatus>('idle');
  const [submitError, setSubmitError] = useState<string | null>(null);
  const thisYear = new Date().getFullYear();
  const firstCategory = categories.data?.[0]?.id ?? '';
  const form = useForm<ProductFormValues>({
    initialValues: emptyProductForm(),
    // Every problem shows on submit; changing a field clears its message (and its
    // pair's), nothing is checked while typing.
    validate: (values) => validateProductForm({ ...values, category: values.category || firstCategory }, t),
    // Every field names itself (`data-field`): the submit focuses the first one to fix.
    enhanceGetInputProps: ({ field }) => ({ 'data-field': field }),
    onValuesChange: (values, previous) => {
      for (const key of Object.keys(PAIRED) as (keyof ProductFormValues)[])
        if (values[key] !== previous[key]) form.clearFieldError(PAIRED[key]!);
    },
  });
  const { values } = form;
  const errors = form.errors as ProductFormErrors;

  // The first category is preselected, as a native select shows it, once the list arrives.
  const category = values.category || firstCategory;

  const { setFieldValue } = form;
  const setPhotos = useCallback(
    (update: (photos: string[]) => string[]) => setFieldValue('photos', update),
    [setFieldValue],
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitError(null);
    const current = { ...values, category };
    const found: ProductFormErrors = { ...(form.validate().errors as ProductFormErrors) };
    if (uploadStatus === 'uploading') {
      found.photos = t('products.form.waitForPhotos');
      form.setErrors(found);
    }
    // Focus the first field to fix in reading order, so keyboard and screen-reader users land on it.
    const firstInvalid = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-field]')].find(
      (field) => found[field.dataset.field as keyof ProductFormValues],
    );
    if (firstInvalid) {
      firstInvalid.focus();
      return;
    }
    create.mutate(toCreateProduct(current, email), {
      onSuccess: () => {
        toast.success(t('products.form.added'));
        void navigate('/dashboard/my-products');
      },
      onError: (error) => setSubmitError(errorMessage(error)),
    });
  };

  const categoryOptions = categories.data?.map((c) => ({ value: c.id, label: c.name })) ?? [];
  const money = { ...MONEY_INPUT, leftSection: priceSign(language) };

  return (
    <Stack gap={0}>
      <PageHeader title={t('menu.pages.addProducts')} description={t('products.form.intro')} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={880}>
        <form onSubmit={submit} noValidate aria-label={t('products.form.label')}>
          <Stack gap="lg">
            {submitError && (
              <Alert color="red" title={t('products.form.notAdded')} role="alert">
                {submitError}
              </Alert>
            )}
            <FormSection title={t('products.form.sections.laptop')}>
              <Stack gap="md">
                <TextInput
                  label={t('products.form.productName')}
                  withAsterisk
                  maxLength={120}
                  {...form.getInputProps('productName')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <NativeSelect
                    label={t('products.form.category')}
                    withAsterisk
                    data={
                      categories.isPending
                        ? [{ value: '', label: t('products.form.loadingCategories') }]
                        : categoryOptions
                    }
                    value={category}
                    onChange={(e) => form.setFieldValue('category', e.currentTarget.value)}
                    error={
                      errors.category ??
                      (categories.isError ? t('products.form.categoriesFailed') : undefined)
                    }
                    disabled={categories.isPending}
                    data-field="category"
                  />
                  <NumberInput
                    label={t('products.form.year')}
                    withAsterisk
                    min={MIN_YEAR}
                    max={thisYear}
                    {...WHOLE_NUMBER_INPUT}
                    placeholder={String(thisYear - 2)}
                    {...form.getInputProps('year')}
                  />
                </SimpleGrid>
                <ConditionField
                  value={values.quality}
                  onChange={(quality) => form.setFieldValue('quality', quality)}
                  error={errors.quality}
                />
                <Textarea
                  label={t('products.form.description')}
                  withAsterisk
                  autosize
                  minRows={4}
                  maxLength={2000}
                  {...form.getInputProps('description')}
                />
              </Stack>
            </FormSection>
            <FormSection title={t('products.form.sections.specs')}>
              <SpecsFields form={form} />
            </FormSection>
            <FormSection title={t('products.form.sections.photos')}>
              <PhotoUpload
                photos={values.photos}
                onPhotosChange={setPhotos}
                onStatusChange={setUploadStatus}
                error={errors.photos}
              />
            </FormSection>
            <FormSection title={t('products.form.sections.price')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <NumberInput
                  label={t('products.form.price')}
                  description={t('products.form.priceHint')}
                  withAsterisk
                  {...money}
                  {...form.getInputProps('price')}
                />
                <Suspense fallback={null}>
                  <PriceGuidancePanel
                    category={category}
                    productName={values.productName}
                    ramGb={values.ramGb}
                    storageGb={values.storageGb}
                    quality={values.quality}
                  />
                </Suspense>
                <NumberInput
                  label={t('products.form.originalPrice')}
                  description={t('products.form.originalPriceHint')}
                  {...money}
                  {...form.getInputProps('originalPrice')}
                />
                <TextInput
                  label={t('products.form.phone')}
                  type="tel"
                  autoComplete="tel"
                  withAsterisk
                  placeholder="+880 1712 345678"
                  {...form.getInputProps('phone')}
                />
                <TextInput
                  label={t('products.form.location')}
                  withAsterisk
                  maxLength={120}
                  placeholder={t('products.form.locationPlaceholder')}
                  {...form.getInputProps('location')}
                />
              </SimpleGrid>
              <Switch
                mt="md"
                label={t('listingSettings.showContactOnCreate')}
                description={t('listingSettings.showContactHelp')}
                checked={values.showContact}
                onChange={(event) => form.setFieldValue('showContact', event.currentTarget.checked)}
              />
            </FormSection>
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending} disabled={uploadStatus === 'uploading'}>
                {t('products.form.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
