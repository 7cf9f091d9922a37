import { useMemo } from 'react';
import { Text } from '@mantine/core';
import type { AuditEntry } from 'shared-contracts/audit';
import { formatDateTime } from 'web-kit/format';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListParams } from '@/shared/hooks/use-list-params';
import { useT, type DashboardMessageKey, type Translate } from '@/shared/i18n';
import { AUDIT_LIST, useAuditLog } from '../api/get-audit-log';
import { useT as usePageT, type AuditTranslate } from '../i18n';
import { en as pageWords } from '../en';

// Partial: the operators' trust decisions (moderation, word list, device verification) take their
// words from this page's own messages (../en.ts), which load with the page rather than with every
// dashboard page; `pageWordFor` finds them there.

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

/**
 * A stored word in the page's language: the shared word, else this page's own (a trust
 * decision's), else as stored (an id, a newer action).
 */
const pageWordFor =
  (
    group: keyof typeof pageWords,
    labels: Record<string, DashboardMessageKey>,
    t: Translate,
    pt: AuditTranslate,
  ) =>
  (raw: string) =>
    Object.hasOwn(labels, raw)
      ? t(labels[raw]!)
      : Object.hasOwn(pageWords[group], raw.replaceAll('.', '-'))
        ? // The translator reads a dot as a level, so 'listing.approve' is kept as 'listing-approve'.
          pt(`${group}.${raw.replaceAll('.', '-')}` as Parameters<AuditTranslate>[0])
        : raw;

/** `{ role: 'buyer' }` → `role: buyer` (`ভূমিকা: ক্রেতা` in Bangla): the fields an action changed. */
const describe = (
  value: Record<string, unknown> | null,
  field: (raw: string) => string,
  valueWord: (raw: string) => string,
) =>
  value
    ? Object.entries(value)
        .map(([k, v]) => `${field(k)}: ${valueWord(String(v))}`)
        .join(', ')
    : '—';

/** Admin: every admin action, newest first, paged and searched on the server (docs/product.md#admins). */
export default function AuditLogPage() {
  const t = useT();
  const list = useListParams(AUDIT_LIST);
  const log = useAuditLog(list.params);
  const pt = usePageT();
  const columns = useMemo<Column<AuditEntry>[]>(() => {
    const action = pageWordFor('actions', ACTION_LABELS, t, pt);
    const target = pageWordFor('targets', TARGET_LABELS, t, pt);
    const field = pageWordFor('fields', FIELD_LABELS, t, pt);
    const valueWord = pageWordFor('values', VALUE_LABELS, t, pt);
    return [
      {
        key: 'when',
        header: t('audit.when'),
        nowrap: true,
        sortKey: 'createdAt',
        render: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
      },
      { key: 'actor', header: t('audit.who'), render: (entry) => entry.actor },
      { key: 'action', header: t('audit.action'), render: (entry) => action(entry.action) },
      {
        key: 'target',
        header: t('audit.target'),
        render: (entry) => (
          <>
            {entry.targetLabel}{' '}
            <Text span c="dimmed" size="xs">
              ({target(entry.targetType)})
            </Text>
          </>
        ),
      },
      {
        key: 'before',
        header: t('audit.before'),
        render: (entry) => describe(entry.before, field, valueWord),
      },
      { key: 'after', header: t('audit.after'), render: (entry) => describe(entry.after, field, valueWord) },
    ];
  }, [t, pt]);
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
