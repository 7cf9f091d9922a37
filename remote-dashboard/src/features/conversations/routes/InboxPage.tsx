import { useMemo } from 'react';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthStore, useLanguage, useLiveEvent } from 'runtime-kernel';
import type { ConversationSummary } from 'shared-contracts/conversations';
import { formatNumber, formatRelativeTime } from 'web-kit/format';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListParams } from '@/shared/hooks/use-list-params';
import { useSearchDraft } from '@/shared/hooks/use-search-draft';
import { errorMessage } from '@/shared/lib/error-message';
import { MAX_SEARCH_LENGTH } from '@/shared/lib/list-params';
import { useT } from '@/shared/i18n';
import { BlockedPeopleLink } from '../components/BlockedPeopleLink';
import { INBOX_LIST, useConversations } from '../api/get-conversations';

type View = 'recent' | 'listing';

/**
 * Messages (docs/product.md#conversations): every conversation of the signed-in user, as buyer
 * and as seller, a page at a time as the server sorted and searched it: newest activity first, or
 * by listing name and grouped under each listing (what a seller with several listings wants). Page,
 * order and search live in the URL like the dashboard's tables. New messages arrive live: an event
 * refetches the list.
 */
export default function InboxPage() {
  const t = useT();
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const role = useAuthStore((s) => s.role);
  const list = useListParams(INBOX_LIST);
  const { params } = list;
  const conversations = useConversations(uid, params);
  const view: View = params.sort === 'productName' ? 'listing' : 'recent';
  const queryClient = useQueryClient();
  useLiveEvent(['message', 'conversation-read'], () => {
    void queryClient.invalidateQueries({ queryKey: ['conversations', 'list', uid] });
  });
  const search = useSearchDraft(params.q, list.setSearch);

  const rows = useMemo(() => conversations.data?.rows ?? [], [conversations.data]);
  const total = conversations.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / INBOX_LIST.pageSize));
  const offset = (params.page - 1) * INBOX_LIST.pageSize;

  // Sorted by listing name on the server, so a listing's conversations sit together on a page.
  const groups = useMemo(() => {
    if (view === 'recent') return [{ key: 'all', title: null as string | null, rows }];
    const byListing = new Map<string, { key: string; title: string | null; rows: ConversationSummary[] }>();
    for (const row of rows) {
      const group = byListing.get(row.productId) ?? { key: row.productId, title: row.productName, rows: [] };
      group.rows.push(row);
      byListing.set(row.productId, group);
    }
    return [...byListing.values()];
  }, [rows, view]);

  const nothingAtAll = conversations.isSuccess && total === 0 && !params.q;

  return (
    <>
      <PageHeader
        title={t('conversations.inboxTitle')}
        description={t('conversations.inboxIntro')}
        action={
          <SegmentedControl
            aria-label={t('conversations.viewLabel')}
            value={view}
            onChange={(v) =>
              v === 'listing' ? list.setSort('productName', 'asc') : list.setSort('lastMessageAt', 'desc')
            }
            data={[
              { value: 'recent', label: t('conversations.viewRecent') },
              { value: 'listing', label: t('conversations.viewByListing') },
            ]}
          />
        }
      />
      {role !== 'admin' && <BlockedPeopleLink />}
      {!nothingAtAll && (
        <TextInput
          type="search"
          mb="md"
          label={t('conversations.searchLabel')}
          placeholder={t('conversations.searchPlaceholder')}
          maw={360}
          maxLength={MAX_SEARCH_LENGTH}
          value={search.draft}
          onChange={(e) => search.change(e.currentTarget.value)}
          // Enter searches at once instead of waiting for the pause.
          onKeyDown={(e) => e.key === 'Enter' && search.flush()}
        />
      )}
      {conversations.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('conversations.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={76} radius="md" />
          ))}
        </Stack>
      ) : conversations.isError && !conversations.data ? (
        <Alert color="red" title={t('conversations.loadFailed')} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(conversations.error)}</Text>
            <Button variant="light" onClick={() => void conversations.refetch()}>
              {t('common.tryAgain')}
            </Button>
          </Stack>
        </Alert>
      ) : nothingAtAll ? (
        <Card withBorder radius="md" p="xl">
          <Stack gap="xs" align="center">
            <Title order={2} fz="lg">
              {t('conversations.emptyTitle')}
            </Title>
            <Text c="dimmed" ta="center">
              {t('conversations.emptyText')}
            </Text>
            <Button component={Link} to="/" variant="light">
              {t('conversations.browse')}
            </Button>
          </Stack>
        </Card>
      ) : rows.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center" role="status">
          {t('table.nothingMatches', { q: params.q })}
        </Text>
      ) : (
        <Stack gap="md">
          <Stack
            gap="lg"
            aria-live="polite"
            aria-busy={conversations.isPlaceholderData}
            style={{ opacity: conversations.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          >
            {groups.map((group) => (
              <Stack key={group.key} gap="xs" component="section" aria-label={group.title ?? undefined}>
                {group.title && (
                  <Title order={2} fz="md">
                    {group.title}
                  </Title>
                )}
                <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                  {group.rows.map((row) => (
                    <li key={row._id}>
                      <ConversationRow row={row} />
                    </li>
                  ))}
                </Stack>
              </Stack>
            ))}
          </Stack>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {t('table.showing', { from: offset + 1, to: offset + rows.length, total })}
            </Text>
            {pageCount > 1 && (
              <Pagination
                total={pageCount}
                value={Math.min(params.page, pageCount)}
                onChange={list.setPage}
                size="sm"
                aria-label={t('table.pages', { label: t('conversations.inboxTitle') })}
                getControlProps={(control) => ({ 'aria-label': t('table.page', { page: control }) })}
              />
            )}
          </Group>
        </Stack>
      )}
    </>
  );
}

function ConversationRow({ row }: { row: ConversationSummary }) {
  const t = useT();
  const language = useLanguage();
  const last = row.lastMessage;
  return (
    <UnstyledButton
      component={Link}
      to={`/dashboard/messages/${row._id}`}
      aria-label={t('conversations.openWith', { name: row.otherName, product: row.productName })}
      data-testid="conversation-row"
      style={{ display: 'block', width: '100%' }}
    >
      <Card withBorder radius="md" p="sm">
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <Avatar src={row.productImage} alt="" radius="sm" size="lg" />
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={row.unread > 0 ? 700 : 500} truncate>
                {row.otherName}
              </Text>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {formatRelativeTime(row.lastMessageAt, Date.now(), language)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {row.role === 'seller'
                ? t('conversations.aboutYours', { product: row.productName })
                : row.productName}
            </Text>
            {last && (
              <Text size="sm" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
                {last.mine ? `${t('conversations.you')}: ` : ''}
                {last.body}
              </Text>
            )}
          </Stack>
          {row.unread > 0 && (
            <Badge
              color="red"
              circle={row.unread < 10}
              aria-label={t('conversations.unreadCount', { n: row.unread })}
            >
              {formatNumber(row.unread, language)}
            </Badge>
          )}
        </Group>
      </Card>
    </UnstyledButton>
  );
}
