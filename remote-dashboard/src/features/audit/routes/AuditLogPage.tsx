import { Text } from '@mantine/core';
import type { AuditEntry } from 'shared-contracts/audit';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListParams } from '@/shared/hooks/use-list-params';
import { AUDIT_LIST, useAuditLog } from '../api/get-audit-log';

const ACTION_LABELS: Record<AuditEntry['action'], string> = {
  'role.grant-admin': 'Made admin',
  'role.revoke-admin': 'Revoked admin',
  'user.delete': 'Deleted user',
  'product.delete': 'Deleted listing',
  'report.dismiss': 'Dismissed report',
  'report.remove-listing': 'Removed reported listing',
};

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

/** `{ role: 'buyer' }` → `role: buyer`: the fields an action changed, as stored. */
const describe = (value: Record<string, unknown> | null) =>
  value
    ? Object.entries(value)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(', ')
    : '—';

const COLUMNS: Column<AuditEntry>[] = [
  {
    key: 'when',
    header: 'When',
    nowrap: true,
    sortKey: 'createdAt',
    render: (entry) => <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>,
  },
  { key: 'actor', header: 'Who', render: (entry) => entry.actor },
  { key: 'action', header: 'Action', render: (entry) => ACTION_LABELS[entry.action] ?? entry.action },
  {
    key: 'target',
    header: 'Target',
    render: (entry) => (
      <>
        {entry.targetLabel}{' '}
        <Text span c="dimmed" size="xs">
          ({entry.targetType})
        </Text>
      </>
    ),
  },
  { key: 'before', header: 'Before', render: (entry) => describe(entry.before) },
  { key: 'after', header: 'After', render: (entry) => describe(entry.after) },
];

/** Admin: every admin action, newest first, paged and searched on the server (docs/product.md#admins). */
export default function AuditLogPage() {
  const list = useListParams(AUDIT_LIST);
  const log = useAuditLog(list.params);
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every role change, delete and report decision by an admin, newest first."
      />
      <DataTable
        label="Audit log"
        columns={COLUMNS}
        query={log}
        list={list}
        rowKey={(entry) => entry._id}
        searchPlaceholder="E-mail or action"
        emptyTitle="No admin actions yet"
      />
    </>
  );
}
