import { Avatar, Group, Text } from '@mantine/core';
import type { Translate } from '@/shared/i18n';
import type { Column } from './DataTable';

interface Person {
  name: string;
  email: string;
  url?: string | null;
}

/** The Name (with avatar) and E-mail columns every list of people starts with. */
export function personColumns<T extends Person>(t: Translate): Column<T>[] {
  return [
    {
      key: 'name',
      header: t('people.name'),
      sortKey: 'name',
      render: (u) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={u.url} alt="" size="sm" radius="xl" name={u.name} color="initials" />
          <Text size="sm" fw={500}>
            {u.name}
          </Text>
        </Group>
      ),
    },
    { key: 'email', header: t('people.email'), sortKey: 'email', render: (u) => u.email },
  ];
}
