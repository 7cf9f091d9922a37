import { useMemo } from 'react';
import type { Admin } from 'shared-contracts/users';
import { ConfirmDialog } from '@/shared/components/ConfirmDialog';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { PageHeader } from '@/shared/components/PageHeader';
import { buttonColumn } from '@/shared/components/button-column';
import { personColumns } from '@/shared/components/person-columns';
import { ADMINS_LIST, useAdmins } from '../api/get-admins';
import { useListParams } from '@/shared/hooks/use-list-params';
import { useConfirmedRoleChange } from '../components/use-confirmed-role-change';

/** Admin: the admins, each revocable back to the role they had (docs/product.md#admins). */
export default function AdminsPage() {
  const list = useListParams(ADMINS_LIST);
  const admins = useAdmins(list.params);
  const { ask, dialogProps } = useConfirmedRoleChange('revoke-admin');

  const columns = useMemo<Column<Admin>[]>(
    () => [
      ...personColumns<Admin>(),
      { key: 'role', header: 'Role', nowrap: true, render: () => 'admin' },
      {
        key: 'before',
        header: 'Revoking makes them',
        nowrap: true,
        render: (u) => u.roleBeforeAdmin,
      },
      buttonColumn<Admin>({
        key: 'revoke',
        header: 'Revoke',
        text: 'Revoke admin',
        label: (u) => `Revoke admin from ${u.name}`,
        onClick: ask,
      }),
    ],
    [ask],
  );

  return (
    <>
      <PageHeader
        title="Admins"
        description="Make admins from All Sellers or All Buyers. The last admin cannot be revoked."
      />
      <DataTable
        label="Admins"
        columns={columns}
        query={admins}
        list={list}
        rowKey={(u) => u._id}
        searchPlaceholder="Name or e-mail"
        numbered
        emptyTitle="No admins"
      />
      <ConfirmDialog {...dialogProps} />
    </>
  );
}
