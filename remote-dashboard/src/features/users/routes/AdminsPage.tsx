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
import { useT } from '@/shared/i18n';

/** Admin: the admins, each revocable back to the role they had (docs/product.md#admins). */
export default function AdminsPage() {
  const t = useT();
  const list = useListParams(ADMINS_LIST);
  const admins = useAdmins(list.params);
  const { ask, dialogProps } = useConfirmedRoleChange('revoke-admin');

  const columns = useMemo<Column<Admin>[]>(
    () => [
      ...personColumns<Admin>(t),
      { key: 'role', header: t('admins.role'), nowrap: true, render: () => t('admins.admin') },
      {
        key: 'before',
        header: t('admins.before'),
        nowrap: true,
        render: (u) => t(`admins.roles.${u.roleBeforeAdmin}`),
      },
      buttonColumn<Admin>({
        key: 'revoke',
        header: t('admins.revoke'),
        text: t('admins.revokeAdmin'),
        label: (u) => t('admins.revokeFrom', { name: u.name }),
        onClick: ask,
      }),
    ],
    [ask, t],
  );

  return (
    <>
      <PageHeader title={t('admins.title')} description={t('admins.description')} />
      <DataTable
        label={t('admins.title')}
        columns={columns}
        query={admins}
        list={list}
        rowKey={(u) => u._id}
        searchPlaceholder={t('people.search')}
        numbered
        emptyTitle={t('admins.empty')}
      />
      <ConfirmDialog {...dialogProps} />
    </>
  );
}
