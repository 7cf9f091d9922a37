import { useMemo } from 'react';
import { Text } from '@mantine/core';
import type { AuditEntry } from 'shared-contracts/audit';
import { formatDateTime } from 'web-kit/format';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListParams } from '@/shared/hooks/use-list-params';
import { useT, type DashboardMessageKey, type Translate } from '@/shared/i18n';
import { AUDIT_LIST, useAuditLog } from '../api/get-audit-log';

// Partial: an action or target without a label yet shows as stored (wordFor), so a new audit action
// never breaks this page. merge: issue 41's actions (listing.*, moderation-word.*, verification.*)
// get their labels here; the "my orders" first load has no bytes to spare for them in the shared
// texts, so they belong in a chunk this lazily loaded page imports.
const ACTION_LABELS: Partial<Record<AuditEntry['action'], DashboardMessageKey>> = {
  'role.grant-admin': 'audit.actions.grantAdmin',
  'role.revoke-admin': 'audit.actions.revokeAdmin',
  'user.delete': 'audit.actions.deleteUser',
  'product.delete': 'audit.actions.deleteProduct',
  'report.dismiss': 'audit.actions.dismissReport',
  'report.remove-listing': 'audit.actions.removeListing',
  'payout.paid': 'audit.actions.payoutPaid',
  'payout.failed': 'audit.actions.payoutFailed',
  'dispute.release': 'audit.actions.disputeRelease',
  'dispute.refund': 'audit.actions.disputeRefund',
  'dispute.part-refund': 'audit.actions.disputePartRefund',
};

/** The fields the API records (api/src/services, api/src/modules/reports/reports.service.ts) and their values' words. */
const FIELD_LABELS: Record<string, DashboardMessageKey> = {
  role: 'audit.fields.role',
  deleted: 'audit.fields.deleted',
  status: 'audit.fields.status',
  productId: 'audit.fields.productId',
  listingDeleted: 'audit.fields.listingDeleted',
  state: 'audit.fields.state',
  amountPaisa: 'audit.fields.amountPaisa',
  reference: 'audit.fields.reference',
  reason: 'audit.fields.reason',
  funds: 'audit.fields.funds',
  refundPaisa: 'audit.fields.refundPaisa',
  note: 'audit.fields.note',
};
const VALUE_LABELS: Record<string, DashboardMessageKey> = {
  buyer: 'admins.roles.buyer',
  seller: 'admins.roles.seller',
  admin: 'admins.roles.admin',
  open: 'reports.statuses.open',
  dismissed: 'reports.statuses.dismissed',
  removed: 'reports.statuses.removed',
  requested: 'audit.payoutStates.requested',
  paid: 'audit.payoutStates.paid',
  failed: 'audit.payoutStates.failed',
  true: 'audit.yes',
  false: 'audit.no',
};

const TARGET_LABELS: Partial<Record<AuditEntry['targetType'], DashboardMessageKey>> = {
  user: 'audit.targets.user',
  product: 'audit.targets.product',
  report: 'audit.targets.report',
  payout: 'audit.targets.payout',
  dispute: 'audit.targets.dispute',
};

/** A stored word in the page's language; one the page does not know (an id, a newer action) as stored. */
const wordFor = (labels: Record<string, DashboardMessageKey>, raw: string, t: Translate) =>
  Object.hasOwn(labels, raw) ? t(labels[raw]!) : raw;

/** `{ role: 'buyer' }` → `role: buyer` (`ভূমিকা: ক্রেতা` in Bangla): the fields an action changed. */
const describe = (value: Record<string, unknown> | null, t: Translate) =>
  value
    ? Object.entries(value)
        .map(([k, v]) => `${wordFor(FIELD_LABELS, k, t)}: ${wordFor(VALUE_LABELS, String(v), t)}`)
        .join(', ')
    : '—';

/** Admin: every admin action, newest first, paged and searched on the server (docs/product.md#admins). */
export default function AuditLogPage() {
  const t = useT();
  const list = useListParams(AUDIT_LIST);
  const log = useAuditLog(list.params);
  const columns = useMemo<Column<AuditEntry>[]>(
    () => [
      {
        key: 'when',
        header: t('audit.when'),
        nowrap: true,
        sortKey: 'createdAt',
        render: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
      },
      { key: 'actor', header: t('audit.who'), render: (entry) => entry.actor },
      {
        key: 'action',
        header: t('audit.action'),
        render: (entry) => wordFor(ACTION_LABELS, entry.action, t),
      },
      {
        key: 'target',
        header: t('audit.target'),
        render: (entry) => (
          <>
            {entry.targetLabel}{' '}
            <Text span c="dimmed" size="xs">
              ({wordFor(TARGET_LABELS, entry.targetType, t)})
            </Text>
          </>
        ),
      },
      { key: 'before', header: t('audit.before'), render: (entry) => describe(entry.before, t) },
      { key: 'after', header: t('audit.after'), render: (entry) => describe(entry.after, t) },
    ],
    [t],
  );
  return (
    <>
      <PageHeader title={t('audit.title')} description={t('audit.description')} />
      <DataTable
        label={t('audit.table')}
        columns={columns}
        query={log}
        list={list}
        rowKey={(entry) => entry._id}
        searchPlaceholder={t('audit.search')}
        emptyTitle={t('audit.empty')}
      />
    </>
  );
}
