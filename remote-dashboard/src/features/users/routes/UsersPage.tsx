import { useMemo } from 'react';
import { Button } from '@mantine/core';
import type { User } from 'shared-contracts/users';
import { ConfirmDeleteDialog, ConfirmDialog } from '@/shared/components/ConfirmDialog';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { PageHeader } from '@/shared/components/PageHeader';
import { buttonColumn } from '@/shared/components/button-column';
import { personColumns } from '@/shared/components/person-columns';
import { useConfirmedDelete } from '@/shared/hooks/use-confirmed-delete';
import { useDeleteUser } from '../api/delete-user';
import { USERS_LIST, useUsers, type ListedRole } from '../api/get-users';
import { useListParams } from '@/shared/hooks/use-list-params';
import { useConfirmedRoleChange } from '../components/use-confirmed-role-change';

const COPY: Record<ListedRole, { title: string; label: string; empty: string }> = {
  seller: { title: 'All Sellers', label: 'All sellers', empty: 'No sellers yet' },
  buyer: { title: 'All Buyers', label: 'All buyers', empty: 'No buyers yet' },
};

/** Admin: All Sellers / All Buyers (docs/product.md#dashboard), paged on the server, with the confirmation modal and a refetch. */
export function UsersPage({ role }: { role: ListedRole }) {
  const list = useListParams(USERS_LIST);
  const users = useUsers(role, list.params);
  const remove = useDeleteUser(role);
  const { ask: askToDelete, dialogProps: deleteDialog } = useConfirmedDelete<User>(remove);
  const { ask: askToMakeAdmin, dialogProps: makeAdminDialog } = useConfirmedRoleChange('make-admin');
  const copy = COPY[role];

  const columns = useMemo<Column<User>[]>(
    () => [
      ...personColumns<User>(),
      {
        key: 'admin',
        header: 'Admin',
        action: true,
        render: (u) => (
          <Button
            size="xs"
            variant="light"
            aria-label={`Make admin: ${u.name}`}
            onClick={() => askToMakeAdmin(u)}
          >
            Make admin
          </Button>
        ),
      },
      buttonColumn<User>({
        key: 'delete',
        header: 'Delete',
        text: 'Delete',
        label: (u) => `Delete ${u.name}`,
        onClick: askToDelete,
      }),
    ],
    [askToDelete, askToMakeAdmin],
  );

  return (
    <>
      <PageHeader title={copy.title} />
      <DataTable
        label={copy.label}
        columns={columns}
        query={users}
        list={list}
        rowKey={(u) => u._id}
        searchPlaceholder="Name or e-mail"
        numbered
        emptyTitle={copy.empty}
        emptyDescription={`New ${role}s appear here when they register.`}
      />
      <ConfirmDeleteDialog {...deleteDialog} />
      <ConfirmDialog {...makeAdminDialog} />
    </>
  );
}

export function AllSellersPage() {
  return <UsersPage role="seller" />;
}

export function AllBuyersPage() {
  return <UsersPage role="buyer" />;
}
