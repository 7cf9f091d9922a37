import type { Report } from 'shared-contracts/reports';
import { iso } from '../../lib/http';
import type { ReportSqlRow } from './reports.repository';

/** A row of Reported Items as the API's answer: the listing's name and both people's e-mails. */
export const toReport = ({ report, product, reporter, seller }: ReportSqlRow): Report => ({
  _id: report.id,
  productId: product.id,
  productName: product.name,
  sellerEmail: seller.email,
  reporterEmail: reporter.email,
  reason: report.reason,
  conversationId: report.conversationId,
  stolen: report.stolen,
  status: report.status,
  createdAt: report.createdAt.toISOString(),
  resolvedAt: iso(report.resolvedAt),
});
