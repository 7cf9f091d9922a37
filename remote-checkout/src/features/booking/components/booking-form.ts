import { uncleanTextMessage } from 'shared-contracts/clean-text';

// Mirrors CreateBookingSchema (shared-contracts/bookings) without shipping zod to the browser;
// the server validates again, so a drift here shows up as a refusal inside the modal.
const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{4,24}$/;
export const PLACE_MAX_LENGTH = 200;

export interface BookingFormValues {
  phone: string;
  place: string;
}

export type BookingFormErrors = Partial<Record<keyof BookingFormValues, string>>;

export function validateBookingForm(values: BookingFormValues): BookingFormErrors {
  const errors: BookingFormErrors = {};
  const phone = values.phone.trim();
  if (!phone) errors.phone = 'Enter a phone number the seller can call';
  else if (!PHONE_PATTERN.test(phone)) {
    errors.phone = 'Use 5 to 25 digits; spaces, dashes, brackets and a leading + are allowed';
  }
  const place = values.place.trim();
  if (!place) errors.place = 'Enter where you would like to meet';
  else if (place.length > PLACE_MAX_LENGTH) errors.place = `Keep it under ${PLACE_MAX_LENGTH} characters`;
  else {
    // The clean-text rule of the contracts (docs/product.md#text-fields), with the API's own sentence.
    const unclean = uncleanTextMessage(place, 'single-line');
    if (unclean) errors.place = `The place ${unclean}`;
  }
  return errors;
}
