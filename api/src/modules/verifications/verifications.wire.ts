import { serialLast4 } from 'shared-contracts/device-serials';
import type { AdminVerification, MyVerification } from 'shared-contracts/verifications';
import type { AdminVerificationRow, SellerVerificationRow } from './verifications.repository';

/** The seller's view: the serial's last 4 only, and the code only while the photo is awaited. */
export function toMyVerification(row: SellerVerificationRow): MyVerification {
  return {
    _id: row.id,
    productId: row.productId,
    serialLast4: serialLast4(row.serial),
    code: row.state === 'awaiting-photo' ? row.code : null,
    state: row.state,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The operators' view, the one answer with the full serial; the photo through the admins' route. */
export function toAdminVerification(row: AdminVerificationRow, publicApiUrl: string): AdminVerification {
  return {
    _id: row.id,
    productId: row.productId,
    productName: row.productName,
    brand: row.brand,
    sellerEmail: row.sellerEmail,
    serial: row.serial,
    code: row.code,
    state: row.state,
    conflict: row.conflict,
    reportedStolen: row.reportedStolen,
    photoUrl: row.hasPhoto ? `${publicApiUrl}/admin/verifications/${row.id}/photo` : null,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
