import { z } from './zod';
import { IdSchema, listQuerySchema } from './pagination';
import { multiLineText, singleLineText } from './text';

/**
 * Verified devices (docs/product.md#verified-devices, docs/decisions/0057-verified-devices.md):
 * the seller's serial number and photo, the operators' queue and decisions. The serial rules
 * themselves are device-serials.ts (no zod there, so a page checks a serial without loading zod).
 */
export const VerificationStates = ['awaiting-photo', 'pending', 'approved', 'refused', 'conflict'] as const;
export type VerificationState = (typeof VerificationStates)[number];
export const VerificationStateSchema = z.enum(VerificationStates);

/** Why a submission went to the operators instead of to the photo step. */
export const SerialConflictKinds = ['duplicate', 'reported-stolen'] as const;
export type SerialConflictKind = (typeof SerialConflictKinds)[number];

/** The verification photo's largest accepted upload (the API re-encodes it as WebP). */
export const MAX_VERIFICATION_PHOTO_BYTES = 5 * 1024 * 1024;

/** POST /products/{id}/verification: the serial as the seller types it; its brand format is the API's check. */
export const SubmitSerialSchema = z.object({
  serial: singleLineText()
    .trim()
    .min(1, 'Enter the serial number')
    .max(40, 'A serial number is at most 40 characters'),
});
export type SubmitSerial = z.infer<typeof SubmitSerialSchema>;

/** What the seller sees of their verification: never the full serial (docs/product.md#verified-devices). */
export const MyVerificationSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  serialLast4: z.string(),
  /** The one-time code to write beside the screen; null once the photo is in. */
  code: z.string().nullable(),
  state: VerificationStateSchema,
  /** The operator's reason when refused. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MyVerification = z.infer<typeof MyVerificationSchema>;
/** GET /products/{id}/verification: the latest submission, or null before the first. */
export const MyVerificationAnswerSchema = z.object({ verification: MyVerificationSchema.nullable() });

/** An item of the operators' queue: the only answer with the full serial. */
export const AdminVerificationSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  brand: z.string(),
  sellerEmail: z.string(),
  serial: z.string(),
  code: z.string(),
  state: VerificationStateSchema,
  conflict: z.enum(SerialConflictKinds).nullable(),
  /** The listing's serial is on the stolen list. */
  reportedStolen: z.boolean(),
  /** The operators' route that serves the photo (admins only), or null before the upload. */
  photoUrl: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminVerification = z.infer<typeof AdminVerificationSchema>;
export const AdminVerificationListSchema = z.array(AdminVerificationSchema);

/** GET /admin/verifications: newest first; `q` matches the serial, the listing's name or the seller's e-mail. */
export const VerificationSorts = { createdAt: 'desc', state: 'asc' } as const;
export const VerificationsQuerySchema = listQuerySchema(VerificationSorts, {
  state: VerificationStateSchema.optional(),
});
export type VerificationsQuery = z.infer<typeof VerificationsQuerySchema>;

export const MIN_REFUSAL_REASON = 3;
export const MAX_REFUSAL_REASON = 300;
/** POST /admin/verifications/{id}/refuse: the reason the seller reads. */
export const RefuseVerificationSchema = z.object({
  reason: multiLineText()
    .trim()
    .min(MIN_REFUSAL_REASON, `Give a reason of at least ${MIN_REFUSAL_REASON} characters`)
    .max(MAX_REFUSAL_REASON, `A reason is at most ${MAX_REFUSAL_REASON} characters`),
});
export type RefuseVerification = z.infer<typeof RefuseVerificationSchema>;

export const VerificationIdParamsSchema = z.object({ id: IdSchema });

/** On a listing's answers when an operator approved it: when, and nothing about the serial. */
export const VerifiedDeviceSchema = z.object({ checkedAt: z.string() }).nullable();
