import { PayoutMethodInputSchema, type PayoutMethod, type PayoutMethodInput } from 'shared-contracts/money';
import { schemaErrors } from 'web-kit/form-validation';
import type { Translate } from '@/shared/i18n';

export type PayoutKind = PayoutMethod['kind'];
export const PAYOUT_KINDS: readonly PayoutKind[] = ['bkash', 'nagad', 'rocket', 'bank'];

/** The form holds every field; what it sends depends on the kind (a wallet number, or the bank's five). */
export interface PayoutMethodValues {
  kind: PayoutKind;
  walletNumber: string;
  accountName: string;
  accountNumber: string;
  bankName: string;
  branch: string;
  routingNumber: string;
}

/** Editing starts from the saved kind and name; numbers are never sent back, only their last digits. */
export const initialPayoutMethodValues = (method: PayoutMethod | null): PayoutMethodValues => ({
  kind: method?.kind ?? 'bkash',
  walletNumber: '',
  accountName: method?.kind === 'bank' ? (method.accountName ?? '') : '',
  accountNumber: '',
  bankName: '',
  branch: '',
  routingNumber: '',
});

// People write numbers in groups ("01712-345 678"): only the digits go to the API.
const digitsOf = (text: string) => text.replace(/[\s-]/g, '');

/** PUT /payout-method's body: the kind with its own fields only. */
export function payoutMethodPayload(values: PayoutMethodValues): PayoutMethodInput {
  if (values.kind === 'bank')
    return {
      kind: 'bank',
      accountName: values.accountName.trim(),
      accountNumber: digitsOf(values.accountNumber),
      bankName: values.bankName.trim(),
      branch: values.branch.trim(),
      routingNumber: digitsOf(values.routingNumber),
    };
  return { kind: values.kind, walletNumber: digitsOf(values.walletNumber) };
}

/** The field errors, by PayoutMethodInputSchema (the API's own rule), in the page's words. */
export const validatePayoutMethod = (values: PayoutMethodValues, t: Translate) =>
  schemaErrors(PayoutMethodInputSchema, values, {
    payload: payoutMethodPayload,
    messages: {
      walletNumber: {
        required: 'sellerPayouts.methodForm.errors.walletNumberRequired',
        invalid: 'sellerPayouts.methodForm.errors.walletNumber',
      },
      accountName: {
        invalid: 'sellerPayouts.methodForm.errors.accountName',
        tooShort: 'sellerPayouts.methodForm.errors.tooShort',
        tooLong: 'sellerPayouts.methodForm.errors.tooLong',
      },
      accountNumber: 'sellerPayouts.methodForm.errors.accountNumber',
      bankName: {
        invalid: 'sellerPayouts.methodForm.errors.bankName',
        tooShort: 'sellerPayouts.methodForm.errors.tooShort',
        tooLong: 'sellerPayouts.methodForm.errors.tooLong',
      },
      branch: {
        invalid: 'sellerPayouts.methodForm.errors.branch',
        tooShort: 'sellerPayouts.methodForm.errors.tooShort',
        tooLong: 'sellerPayouts.methodForm.errors.tooLong',
      },
      routingNumber: 'sellerPayouts.methodForm.errors.routingNumber',
    },
    t,
  });
