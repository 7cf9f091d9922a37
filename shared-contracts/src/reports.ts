import { z } from './zod';
import { multiLineText } from './text';
import { IdSchema, listQuerySchema } from './pagination';

export const ReportStatuses = ['open', 'dismissed', 'removed'] as const;
export const ReportStatusSchema = z.enum(ReportStatuses);
export type ReportStatus = z.infer<typeof ReportStatusSchema>;

export const MAX_REPORT_REASON_LENGTH = 1000;

export const CreateReportSchema = z.object({
  productId: IdSchema,
  reason: multiLineText().trim().min(1).max(MAX_REPORT_REASON_LENGTH),
  /** "This device is stolen": its serial, if the listing has one, goes on the stolen list. */
  stolen: z.boolean().optional(),
});
export type CreateReport = z.infer<typeof CreateReportSchema>;

export const ReportSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  sellerEmail: z.string(),
  reporterEmail: z.string(),
  reason: z.string(),
  /** Set when a participant reported a conversation about this listing (docs/product.md#conversations). */
  conversationId: z.string().nullable(),
  /** The reporter says the device is stolen (docs/product.md#verified-devices). */
  stolen: z.boolean(),
  status: ReportStatusSchema,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Report = z.infer<typeof ReportSchema>;
export const ReportListSchema = z.array(ReportSchema);

/** GET /reports: newest first; `q` matches the product name, the reporter's or the seller's e-mail. */
export const ReportSorts = { createdAt: 'desc', productName: 'asc', status: 'asc' } as const;
export const ReportsQuerySchema = listQuerySchema(ReportSorts, {
  status: ReportStatusSchema.optional(),
});
export type ReportsQuery = z.infer<typeof ReportsQuerySchema>;
