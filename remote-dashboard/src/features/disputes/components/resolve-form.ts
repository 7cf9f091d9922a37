import { ResolveDisputeSchema, type ResolveDispute } from 'shared-contracts/money';
import { schemaErrors, type FormErrors } from 'web-kit/form-validation';
import { paisaFromTaka } from '@/shared/lib/paisa';
import { formatPaisa } from 'web-kit/format';
import type { Translate } from '@/shared/i18n';

export type Outcome = ResolveDispute['outcome'];
export const OUTCOMES: readonly Outcome[] = ['release', 'refund', 'part-refund'];

export interface ResolveValues {
  outcome: Outcome | '';
  /** The part refund in taka, as typed (NumberInput gives '' when empty). */
  refundTaka: number | string;
  note: string;
}

export const INITIAL_RESOLVE_VALUES: ResolveValues = { outcome: '', refundTaka: '', note: '' };

/** POST /disputes/{id}/resolve's body: the part refund in paisa, and only with a part refund. */
export function resolvePayload(values: ResolveValues): ResolveDispute {
  return {
    outcome: values.outcome as Outcome,
    ...(values.outcome === 'part-refund' ? { refundPaisa: paisaFromTaka(values.refundTaka) } : {}),
    note: values.note.trim(),
  };
}

/**
 * The form's errors: ResolveDisputeSchema (the API's rule: an outcome, a note) and what only the
 * order knows, that a part refund is at least 1 paisa and leaves the seller at least 1 paisa.
 */
export function validateResolve(values: ResolveValues, amountPaisa: number, t: Translate): FormErrors {
  const errors = schemaErrors(ResolveDisputeSchema, values, {
    payload: resolvePayload,
    messages: {
      outcome: 'adminDisputes.resolve.errors.outcome',
      note: {
        required: 'adminDisputes.resolve.errors.note',
        invalid: 'adminDisputes.resolve.errors.note',
        tooShort: 'adminDisputes.resolve.errors.noteShort',
        tooLong: 'adminDisputes.resolve.errors.noteLong',
      },
    },
    t,
  });
  delete errors.refundPaisa;
  if (values.outcome === 'part-refund') {
    const paisa = paisaFromTaka(values.refundTaka);
    if (Number.isNaN(paisa)) errors.refundTaka = t('adminDisputes.resolve.errors.refundRequired');
    // More than two decimals (a part of a paisa) is out of range too.
    else if (paisa < 1 || paisa > amountPaisa - 1 || Math.abs(paisa - Number(values.refundTaka) * 100) > 1e-6)
      errors.refundTaka = t('adminDisputes.resolve.errors.refundRange', {
        min: formatPaisa(1),
        max: formatPaisa(amountPaisa - 1),
      });
  }
  return errors;
}
