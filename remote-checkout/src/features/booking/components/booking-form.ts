import { uncleanTextMessage } from 'shared-contracts/clean-text';
import type { Translate } from '@/shared/i18n';

// Mirrors CreateBookingSchema (shared-contracts/bookings) without shipping zod to the browser;
// the server validates again, so a drift here shows up as a refusal inside the modal.
const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{4,24}$/;
export const PLACE_MAX_LENGTH = 200;

export interface BookingFormValues {
  phone: string;
  place: string;
}

export type BookingFormErrors = Partial<Record<keyof BookingFormValues, string>>;

export function validateBookingForm(values: BookingFormValues, t: Translate): BookingFormErrors {
  const errors: BookingFormErrors = {};
  const phone = values.phone.trim();
  if (!phone) errors.phone = t('booking.phoneMissing');
  else if (!PHONE_PATTERN.test(phone)) errors.phone = t('booking.phoneInvalid');
  const place = values.place.trim();
  if (!place) errors.place = t('booking.placeMissing');
  else if (place.length > PLACE_MAX_LENGTH)
    errors.place = t('booking.placeTooLong', { max: PLACE_MAX_LENGTH });
  else {
    // The clean-text rule of the contracts (docs/product.md#text-fields), with the API's own sentence.
    const unclean = uncleanTextMessage(place, 'single-line');
    if (unclean) errors.place = t('booking.placeUnclean', { problem: unclean });
  }
  return errors;
}
