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
import { UserBlocksButton } from '../components/UserBlocksButton';
import { useT as useBlocksT } from '../i18n';
import { useT } from '@/shared/i18n';

/** Admin: All Sellers / All Buyers (docs/product.md#dashboard), paged on the server, with the confirmation modal and a refetch. */
export function UsersPage({ role }: { role: ListedRole }) {
  const t = useT();
  const tb = useBlocksT();
  const list = useListParams(USERS_LIST);
  const users = useUsers(role, list.params);
  const remove = useDeleteUser(role);
  const { ask: askToDelete, dialogProps: deleteDialog } = useConfirmedDelete<User>(remove);
  const { ask: askToMakeAdmin, dialogProps: makeAdminDialog } = useConfirmedRoleChange('make-admin');

  const columns = useMemo<Column<User>[]>(
    () => [
      ...personColumns<User>(t),
      {
        key: 'admin',
        header: t('people.admin'),
        action: true,
        render: (u) => (
          <Button
            size="xs"
            variant="light"
            aria-label={t('people.makeAdminFor', { name: u.name })}
            onClick={() => askToMakeAdmin(u)}
          >
            {t('people.makeAdmin')}
          </Button>
        ),
      },
      {
        key: 'blocks',
        header: tb('userBlocks.column'),
        action: true,
        render: (u) => <UserBlocksButton userId={u._id} name={u.name} />,
      },
      buttonColumn<User>({
        key: 'delete',
        header: t('common.delete'),
        text: t('common.delete'),
        label: (u) => t('people.deleteFor', { name: u.name }),
        onClick: askToDelete,
      }),
    ],
    [askToDelete, askToMakeAdmin, t, tb],
  );

  return (
    <>
      <PageHeader title={t(`people.${role}.title`)} />
      <DataTable
        label={t(`people.${role}.label`)}
        columns={columns}
        query={users}
        list={list}
        rowKey={(u) => u._id}
        searchPlaceholder={t('people.search')}
        numbered
        emptyTitle={t(`people.${role}.empty`)}
        emptyDescription={t(`people.${role}.emptyText`)}
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
