import { useMemo } from 'react';
import { Anchor, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { toast, useAuthStore } from 'runtime-kernel';
import type { Block } from 'shared-contracts/blocks';
import { formatDate } from 'web-kit/format';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListParams } from '@/shared/hooks/use-list-params';
import { errorMessage } from '@/shared/lib/error-message';
import { useT, type Translate } from '../i18n';
import { BLOCKS_LIST, useBlocks } from '../api/get-blocks';
import { useUnblock } from '../api/unblock';

function UnblockButton({ block }: { block: Block }) {
  const t = useT();
  const unblock = useUnblock();
  return (
    <Button
      size="compact-sm"
      variant="light"
      loading={unblock.isPending && unblock.variables === block.userId}
      onClick={() =>
        unblock.mutate(block.userId, {
          onSuccess: () => toast.success(t('blocks.unblocked')),
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    >
      {t('blocks.unblock', { name: block.name })}
    </Button>
  );
}

const columns = (t: Translate): Column<Block>[] => [
  {
    key: 'name',
    header: t('blocks.person'),
    sortKey: 'name',
    render: (b) =>
      b.conversationId ? (
        <Anchor
          component={Link}
          to={`/dashboard/messages/${encodeURIComponent(b.conversationId)}`}
          aria-label={t('blocks.openConversation', { name: b.name })}
        >
          {b.name}
        </Anchor>
      ) : (
        b.name
      ),
  },
  { key: 'email', header: t('blocks.email'), render: (b) => b.email },
  {
    key: 'date',
    nowrap: true,
    header: t('blocks.date'),
    sortKey: 'date',
    render: (b) => formatDate(b.createdAt),
  },
  { key: 'actions', header: t('blocks.actions'), action: true, render: (b) => <UnblockButton block={b} /> },
];

/**
 * Blocked people (docs/product.md#blocking): the people the reader blocked, one page at a time,
 * sorted and searched by the API, each with Unblock. Reached from Messages.
 */
export default function BlockedPeoplePage() {
  const t = useT();
  const tableColumns = useMemo(() => columns(t), [t]);
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const list = useListParams(BLOCKS_LIST);
  const blocks = useBlocks(uid, list.params);
  return (
    <>
      <Group mb="xs">
        <Anchor component={Link} to="/dashboard/messages" size="sm">
          {t('blocks.backToMessages')}
        </Anchor>
      </Group>
      <PageHeader title={t('blocks.title')} description={t('blocks.description')} />
      <DataTable
        label={t('blocks.title')}
        columns={tableColumns}
        query={blocks}
        list={list}
        rowKey={(b) => b.userId}
        searchPlaceholder={t('blocks.search')}
        emptyTitle={t('blocks.empty')}
        emptyDescription={t('blocks.emptyText')}
      />
    </>
  );
}
