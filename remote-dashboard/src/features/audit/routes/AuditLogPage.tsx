import { useState } from 'react';
import { Alert, Button, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { AuditEntry } from 'shared-contracts/audit';
import { PageHeader } from '../../../shared/components/PageHeader';
import { errorMessage } from '../../../shared/lib/format';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api/get-audit-log';

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

/** Admin: every admin action, newest first, paged on the server (docs/product.md#admins). */
export default function AuditLogPage() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / AUDIT_PAGE_SIZE)) : 1;

  let body;
  if (log.isPending) body = <Skeleton h={240} aria-label="Loading the audit log" />;
  else if (log.isError)
    body = (
      <Alert color="red" title="The audit log could not be loaded" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(log.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void log.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  else if (log.data.total === 0)
    body = (
      <Text c="dimmed" py="lg" ta="center" role="status">
        No admin actions yet
      </Text>
    );
  else
    body = (
      <Stack gap="md">
        <Table.ScrollContainer minWidth={720} type="native">
          <Table striped verticalSpacing="sm" aria-label="Audit log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Target</Table.Th>
                <Table.Th>Before</Table.Th>
                <Table.Th>After</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.rows.map((entry) => (
                <Table.Tr key={entry._id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
                  </Table.Td>
                  <Table.Td>{entry.actor}</Table.Td>
                  <Table.Td>{ACTION_LABELS[entry.action] ?? entry.action}</Table.Td>
                  <Table.Td>
                    {entry.targetLabel}{' '}
                    <Text span c="dimmed" size="xs">
                      ({entry.targetType})
                    </Text>
                  </Table.Td>
                  <Table.Td>{describe(entry.before)}</Table.Td>
                  <Table.Td>{describe(entry.after)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between">
          <Text size="sm" c="dimmed" role="status">
            {log.data.total} {log.data.total === 1 ? 'entry' : 'entries'}
          </Text>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </Group>
      </Stack>
    );

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every role change, delete and report decision by an admin, newest first."
      />
      {body}
    </>
  );
}
