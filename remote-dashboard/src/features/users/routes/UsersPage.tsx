import { useMemo, useState } from 'react';
import { Avatar, Button, Group, Text } from '@mantine/core';
import { toast } from 'shared-auth';
import type { User } from 'shared-contracts/users';
import { ConfirmDeleteDialog } from '../../../shared/components/ConfirmDialog';
import { DataTable, type Column } from '../../../shared/components/DataTable';
import { PageHeader } from '../../../shared/components/PageHeader';
import { errorMessage } from '../../../shared/lib/format';
import { useDeleteUser } from '../api/delete-user';
import { useUsers, type ListedRole } from '../api/get-users';

const COPY: Record<ListedRole, { title: string; label: string; empty: string }> = {
  seller: { title: 'All Sellers', label: 'All sellers', empty: 'No sellers yet' },
  buyer: { title: 'All Buyers', label: 'All buyers', empty: 'No buyers yet' },
};

/** Admin: All Sellers / All Buyers (SPEC §2) with the confirmation modal and a refetch. */
export function UsersPage({ role }: { role: ListedRole }) {
  const users = useUsers(role);
  const remove = useDeleteUser(role);
  const [target, setTarget] = useState<User | null>(null);
  const copy = COPY[role];

  const columns = useMemo<Column<User>[]>(
    () => [
      {
        key: 'name',
        header: 'Name',
        sortValue: (u) => u.name,
        render: (u) => (
          <Group gap="sm" wrap="nowrap">
            <Avatar src={u.url} alt="" size="sm" radius="xl" name={u.name} color="initials" />
            <Text size="sm" fw={500}>
              {u.name}
            </Text>
          </Group>
        ),
      },
      { key: 'email', header: 'E-mail', sortValue: (u) => u.email, render: (u) => u.email },
      {
        key: 'delete',
        header: 'Delete',
        action: true,
        render: (u) => (
          <Button
            size="xs"
            color="red"
            variant="light"
            aria-label={`Delete ${u.name}`}
            onClick={() => setTarget(u)}
          >
            Delete
          </Button>
        ),
      },
    ],
    [],
  );

  const confirm = () => {
    if (!target) return;
    remove.mutate(target._id, {
      onSuccess: (result) => {
        if (result.acknowledged) toast.success('Delete Successfully');
        setTarget(null);
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        setTarget(null);
      },
    });
  };

  return (
    <>
      <PageHeader title={copy.title} />
      <DataTable
        label={copy.label}
        columns={columns}
        query={users}
        rowKey={(u) => u._id}
        searchText={(u) => `${u.name} ${u.email}`}
        numbered
        emptyTitle={copy.empty}
        emptyDescription={`New ${role}s appear here when they register.`}
      />
      <ConfirmDeleteDialog
        opened={target !== null}
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setTarget(null)}
      />
    </>
  );
}

export function AllSellersPage() {
  return <UsersPage role="seller" />;
}

export function AllBuyersPage() {
  return <UsersPage role="buyer" />;
}
