import { z } from './zod';

/** Every error answer of the API: a stable machine code plus a sentence for people. */
export const ApiErrorSchema = z.object({
  error: z.string().describe('Stable machine-readable code, e.g. "validation_error", "not_found".'),
  message: z.string().describe('Human-readable explanation.'),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const ErrorCodes = [
  'validation_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'internal_error',
] as const;
export type ErrorCode = (typeof ErrorCodes)[number];

/** Mongo-style write acknowledgements the original client reads (`acknowledged`). */
export const AcknowledgedSchema = z.object({ acknowledged: z.boolean() });
export type Acknowledged = z.infer<typeof AcknowledgedSchema>;

export const InsertResultSchema = z.object({
  acknowledged: z.boolean(),
  insertedId: z.string().nullable(),
});
export type InsertResult = z.infer<typeof InsertResultSchema>;

export const DeleteResultSchema = z.object({
  acknowledged: z.boolean(),
  deletedCount: z.number().int(),
});
export type DeleteResult = z.infer<typeof DeleteResultSchema>;
