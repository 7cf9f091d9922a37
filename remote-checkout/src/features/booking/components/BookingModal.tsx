import { useRef, useState } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { toast, type SelectedProduct, type SessionUser } from 'runtime-kernel';
import { BookingContactSchema, MAX_MEETING_PLACE_LENGTH } from 'shared-contracts/bookings';
import { describeUncleanCharacter } from 'shared-contracts/clean-text';
import { schemaValidator } from 'web-kit/form-validation';
import { describeApiError } from '@/shared/describe-api-error';
import { formatPrice } from 'web-kit/format';
import { useCreateBooking } from '../api/create-booking';
import { useT } from '@/shared/i18n';

interface BookingModalProps {
  product: SelectedProduct;
  user: SessionUser;
  /** Called once the modal has finished closing (the intent can be cleared then). */
  onClosed: () => void;
}

/** docs/product.md#booking-and-payment booking modal: who and what are fixed, the buyer adds a phone and a meeting place. */
export function BookingModal({ product, user, onClosed }: BookingModalProps) {
  const t = useT();
  const refusals = {
    already_booked: t('errors.alreadyBooked'),
    product_sold: t('errors.justSold'),
    product_not_found: t('errors.notListed'),
  };
  const [opened, setOpened] = useState(true);
  const [submitted, setSubmitted] = useState(false);
  // The fields the buyer writes, checked with the API's own rules for them (POST /bookings).
  const checkContact = schemaValidator(BookingContactSchema, {
    messages: {
      phone: { required: 'booking.phoneMissing', invalid: 'booking.phoneInvalid' },
      place: {
        required: 'booking.placeMissing',
        tooLong: 'booking.placeTooLong',
        invalid: 'booking.placeMissing',
      },
    },
    t,
  });
  const form = useForm({
    initialValues: { phone: '', place: '' },
    // After a first submit, errors follow the typing so the buyer sees when a field becomes valid.
    validateInputOnChange: submitted,
    validate: (values: { phone: string; place: string }) => {
      const errors = checkContact(values);
      // The clean-text rule (docs/product.md#text-fields) is worded here, not by zod, which
      // speaks English only: which character, where, in the page's language.
      const unclean = errors.place ? describeUncleanCharacter(values.place.trim()) : null;
      if (unclean)
        errors.place = t('booking.placeUnclean', {
          what: t(`booking.uncleanWhat.${unclean.what}`, { code: unclean.codePoint }),
          position: unclean.position,
        });
      return errors;
    },
  });
  const [refusal, setRefusal] = useState<{ message: string; code: string | null } | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const placeRef = useRef<HTMLInputElement>(null);
  const booking = useCreateBooking();

  const close = () => setOpened(false);

  const focusFirstProblem = (errors: typeof form.errors) => {
    setSubmitted(true);
    if (errors.phone) return phoneRef.current?.focus();
    if (errors.place) return placeRef.current?.focus();
  };

  const submit = async ({ phone, place }: typeof form.values) => {
    setSubmitted(true);
    if (booking.isPending) return;
    setRefusal(null);
    try {
      await booking.mutateAsync({
        productId: product._id,
        phone: phone.trim(),
        place: place.trim(),
        // The original client's payload; the server ignores these in favour of its own records.
        name: user.displayName ?? '',
        email: user.email ?? '',
        productName: product.productName,
        price: product.price,
        date: new Date().toISOString(),
      });
      toast.success(t('booking.booked'));
      close();
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? String(error.code) : null;
      setRefusal({ message: describeApiError(error, t, refusals), code });
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      onExitTransitionEnd={onClosed}
      title={<Text fw={700}>{t('booking.title')}</Text>}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('booking.close') }}
      data-testid="booking-modal"
    >
      <form
        onSubmit={form.onSubmit(submit, focusFirstProblem)}
        noValidate
        aria-describedby={refusal ? 'booking-refusal' : undefined}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('booking.name')} value={user.displayName ?? ''} readOnly variant="filled" />
            <TextInput label={t('booking.email')} value={user.email ?? ''} readOnly variant="filled" />
            <TextInput label={t('booking.product')} value={product.productName} readOnly variant="filled" />
            <TextInput
              label={t('booking.price')}
              value={formatPrice(product.price)}
              readOnly
              variant="filled"
            />
          </SimpleGrid>
          <TextInput
            ref={phoneRef}
            label={t('booking.phone')}
            description={t('booking.phoneHelp')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            data-autofocus
            {...form.getInputProps('phone')}
          />
          <TextInput
            ref={placeRef}
            label={t('booking.place')}
            description={t('booking.placeHelp')}
            autoComplete="street-address"
            required
            maxLength={MAX_MEETING_PLACE_LENGTH}
            {...form.getInputProps('place')}
          />
          {refusal && (
            <Alert id="booking-refusal" color="red" role="alert" title={t('booking.notBooked')}>
              <Stack gap={4}>
                <Text size="sm">{refusal.message}</Text>
                {refusal.code === 'already_booked' && (
                  <Text size="sm">
                    <Link to="/dashboard/my-orders" onClick={close}>
                      {t('booking.goToMyOrders')}
                    </Link>
                  </Text>
                )}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={booking.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={booking.isPending}>
              {t('booking.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
