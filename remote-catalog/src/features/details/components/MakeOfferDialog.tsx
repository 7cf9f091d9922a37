import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError, toast } from 'runtime-kernel';
import { makeOfferSchemaFor } from 'shared-contracts/offers';
import { minimumOfferTaka } from 'shared-contracts/offer-lifecycle';
import { formatPrice } from 'web-kit/format';
import { schemaValidator } from 'web-kit/form-validation';
import { useMakeOffer } from '../api/make-offer';
import { NoAnswer } from '@/shared/components/NoAnswer';
import { useT, type DetailsPartsMessageKey } from '../i18n';

/**
 * The offer form (docs/product.md#offers). It carries zod (its rule is the shared schema with the
 * listing's bounds), so the details page loads it only on the first "Make an offer" click.
 */
interface MakeOfferDialogProps {
  productId: string;
  productName: string;
  askingPrice: number;
  opened: boolean;
  onClose: () => void;
}

export default function MakeOfferDialog({
  productId,
  productName,
  askingPrice,
  opened,
  onClose,
}: MakeOfferDialogProps) {
  const t = useT();
  const minimum = minimumOfferTaka(askingPrice);
  const bounds = { min: formatPrice(minimum), max: formatPrice(askingPrice) };
  const form = useForm<{ amount: number | string }>({
    initialValues: { amount: '' },
    validateInputOnBlur: true,
    validate: schemaValidator(makeOfferSchemaFor(askingPrice), {
      payload: (values) => ({ productId, amount: values.amount === '' ? undefined : Number(values.amount) }),
      messages: {
        amount: {
          invalid: 'offers.amountInvalid',
          required: 'offers.amountMissing',
          tooShort: 'offers.amountTooLow',
          tooLong: 'offers.amountTooHigh',
        },
      },
      t: (key: DetailsPartsMessageKey, values) => t(key, { ...values, ...bounds }),
    }),
  });
  const offer = useMakeOffer();

  const close = () => {
    form.reset();
    offer.reset();
    onClose();
  };

  const submit = ({ amount }: typeof form.values) => {
    offer.mutate(
      { productId, amount: Number(amount) },
      {
        onSuccess: () => {
          toast.success(t('offers.sent'));
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('offers.dialogTitle')} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('offers.intro', { name: productName, price: formatPrice(askingPrice) })}
          </Text>
          <NumberInput
            label={t('offers.amount')}
            description={t('offers.minimum', bounds)}
            required
            min={minimum}
            max={askingPrice}
            // A value out of bounds is named, not silently changed to the bound.
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            prefix="৳"
            inputMode="numeric"
            {...form.getInputProps('amount')}
            data-autofocus
          />
          {offer.isError && (
            <Alert color="red" role="alert" title={t('offers.notSent')}>
              {offer.error instanceof ApiError ? offer.error.message : <NoAnswer />}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} type="button">
              {t('offers.cancel')}
            </Button>
            <Button type="submit" loading={offer.isPending}>
              {t('offers.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
