import { useEffect, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, toast, useAuthStore } from 'runtime-kernel';
import { LoadFailed } from '@/shared/components/LoadFailed';
import { PageHeader } from '@/shared/components/PageHeader';
import { dashboardHref } from '@/shared/lib/dashboard-pages';
import { errorMessage } from '@/shared/lib/error-message';
import { useT } from '@/shared/i18n';
import { useOwnProduct } from '../api/get-own-product';
import { useUpdateProduct } from '../api/update-product';
import { SpecsFields } from '../components/SpecsFields';
import {
  emptyProductForm,
  productFormFrom,
  SPEC_FIELDS,
  toCreateProduct,
  validateProductForm,
  type ProductFormErrors,
  type ProductFormValues,
} from '../components/product-form';

/** Only the spec fields' messages: the rest of the listing is not on this page. */
function specErrors(errors: ProductFormErrors): ProductFormErrors {
  return Object.fromEntries(SPEC_FIELDS.filter((key) => errors[key]).map((key) => [key, errors[key]]));
}

/**
 * Seller: complete the specs of a listing posted without them (docs/product.md#laptop-specs). The
 * form starts from what was read from its title and description; saving confirms the specs.
 */
export default function CompleteSpecsPage() {
  const t = useT();
  const { id = '' } = useParams();
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const product = useOwnProduct(uid, id);
  const update = useUpdateProduct();
  const navigate = useNavigate();
  const form = useForm<ProductFormValues>({
    initialValues: emptyProductForm(),
    validate: (values) => specErrors(validateProductForm(values, t)),
    enhanceGetInputProps: ({ field }) => ({ 'data-field': field }),
  });
  const { setValues, resetDirty } = form;
  const loaded = product.data;
  useEffect(() => {
    if (!loaded) return;
    setValues(productFormFrom(loaded));
    resetDirty();
  }, [loaded, setValues, resetDirty]);

  const back = (
    <Anchor component={Link} to={dashboardHref('myProducts')} size="sm">
      {t('products.completeSpecs.back')}
    </Anchor>
  );
  if (product.isPending)
    return (
      <Stack gap="md" role="status" aria-label={t('products.completeSpecs.loading')}>
        <Skeleton height={36} width="60%" />
        <Skeleton height={320} />
      </Stack>
    );
  if (product.isError) {
    const missing = product.error instanceof ApiError && product.error.status === 404;
    return (
      <Stack gap="md" align="flex-start">
        {back}
        {missing ? (
          <Text role="status">{t('products.completeSpecs.notFound')}</Text>
        ) : (
          <LoadFailed
            title={t('products.completeSpecs.loadFailed')}
            error={product.error}
            retry={product.refetch}
          />
        )}
      </Stack>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = form.validate().errors as ProductFormErrors;
    const firstInvalid = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-field]')].find(
      (field) => found[field.dataset.field as keyof ProductFormValues],
    );
    if (firstInvalid) {
      firstInvalid.focus();
      return;
    }
    const { specs } = toCreateProduct(form.values, null);
    update.mutate(
      { id, specs },
      {
        onSuccess: () => {
          toast.success(t('products.completeSpecs.saved'));
          void navigate(dashboardHref('myProducts'));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={t('products.completeSpecs.title', { name: product.data.productName })}
        description={
          product.data.specsConfirmed
            ? t('products.completeSpecs.confirmed')
            : t('products.completeSpecs.intro')
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={880}>
        <form onSubmit={submit} noValidate aria-label={t('products.completeSpecs.label')}>
          <Stack gap="lg">
            {update.isError && (
              <Alert color="red" role="alert">
                {errorMessage(update.error)}
              </Alert>
            )}
            <Title order={2} fz="h4">
              {t('products.completeSpecs.heading')}
            </Title>
            <SpecsFields form={form} />
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                {t('products.completeSpecs.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
