import { z } from 'zod';
import { multiLineText } from './text';
import { IdSchema, PaginationQuerySchema } from './pagination';

export const ReportStatuses = ['open', 'dismissed', 'removed'] as const;
export const ReportStatusSchema = z.enum(ReportStatuses);
export type ReportStatus = z.infer<typeof ReportStatusSchema>;

export const CreateReportSchema = z.object({
  productId: IdSchema,
  reason: multiLineText().trim().min(1).max(1000),
});
export type CreateReport = z.infer<typeof CreateReportSchema>;

export const ReportSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  sellerEmail: z.string(),
  reporterEmail: z.string(),
  reason: z.string(),
  status: ReportStatusSchema,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Report = z.infer<typeof ReportSchema>;
export const ReportListSchema = z.array(ReportSchema);

export const ReportsQuerySchema = PaginationQuerySchema.extend({
  status: ReportStatusSchema.optional(),
});
