import type { Database } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { adminActor, recordAudit } from '../../services/audit';
import { markSerialStolen } from '../verifications/verifications.repository';
import {
  dismissReport,
  findOpenReport,
  insertReport,
  lockReport,
  removeReportedListing,
  reportableListingExists,
  reportedListingName,
} from './reports.repository';

/**
 * A buyer reports a listing that is not removed, once while their report is open. A report that
 * says the device is stolen puts the listing's serial (if any) on the stolen list, so a later
 * submission of it on any listing goes to the operators (docs/product.md#verified-devices).
 */
export async function createReport(
  db: Database,
  reporter: UserRow,
  productId: string,
  reason: string,
  stolen = false,
) {
  if (!(await reportableListingExists(db, productId)))
    throw notFound(`No product with id ${productId}`, 'product_not_found');
  if (await findOpenReport(db, productId, reporter.id))
    throw conflict('You have already reported this product', 'already_reported');
  const id = newId();
  await db.transaction(async (tx) => {
    await insertReport(tx, { id, productId, reporterId: reporter.id, reason, stolen });
    if (stolen) await markSerialStolen(tx, productId, id);
  });
  return id;
}

export type ReportResolution = 'dismiss' | 'remove-listing';

/** An admin settles an open report: dismisses it, or removes the listing; written to the audit log. */
export async function resolveReport(db: Database, admin: UserRow, id: string, action: ReportResolution) {
  await db.transaction(async (tx) => {
    const report = await lockReport(tx, id);
    if (!report) throw notFound(`No report with id ${id}`, 'report_not_found');
    if (report.status !== 'open')
      throw conflict(`This report is already ${report.status}`, 'report_resolved');
    const productName = await reportedListingName(tx, report.productId);
    await recordAudit(tx, adminActor(admin), {
      action: action === 'dismiss' ? 'report.dismiss' : 'report.remove-listing',
      targetType: 'report',
      targetId: report.id,
      targetLabel: productName ?? report.productId,
      before: { status: report.status },
      after: {
        status: action === 'dismiss' ? 'dismissed' : 'removed',
        ...(action === 'remove-listing' ? { productId: report.productId, listingDeleted: true } : {}),
      },
    });
    if (action === 'dismiss') await dismissReport(tx, report.id, admin.id);
    else await removeReportedListing(tx, report.productId, admin.id);
  });
}
