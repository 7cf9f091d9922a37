import { useState } from 'react';
import { Anchor, Badge, Button, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { toast } from 'runtime-kernel';
import {
  MAX_REFUSAL_REASON_LENGTH,
  MIN_REFUSAL_REASON_LENGTH,
  type ModerationItem,
} from 'shared-contracts/moderation';
import { formatDate, formatPrice } from 'web-kit/format';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { PageHeader } from '@/shared/components/PageHeader';
import { RefuseWithReasonDialog } from '@/shared/components/RefuseWithReasonDialog';
import { useListParams } from '@/shared/hooks/use-list-params';
import { errorMessage } from '@/shared/lib/error-message';
import { dashboardHref } from '@/shared/lib/dashboard-pages';
import { useDecideListing } from '../api/decide-listing';
import { MODERATION_LIST, useModerationQueue } from '../api/get-moderation-queue';
import { useT } from '../i18n';

const limits = { min: MIN_REFUSAL_REASON_LENGTH, max: MAX_REFUSAL_REASON_LENGTH };

function RefuseDialog({ item, onClose }: { item: ModerationItem; onClose: () => void }) {
  const t = useT();
  const decide = useDecideListing();
  return (
    <RefuseWithReasonDialog
      texts={{
        title: t('queue.refuseTitle', { name: item.productName }),
        label: t('queue.reasonLabel'),
        hint: t('queue.reasonHint', limits),
        tooShort: t('queue.reasonTooShort', limits),
        tooLong: t('queue.reasonTooLong', limits),
        cancel: t('queue.cancel'),
        refuse: t('queue.refuse'),
        refused: t('queue.refusedToast'),
      }}
      limits={limits}
      refuse={(reason) => decide.mutateAsync({ id: item._id, move: 'refuse', reason })}
      onClose={onClose}
    />
  );
}

/**
 * Admin: Listings to review (docs/product.md#moderation), paged and searched on the server. Each
 * waiting listing shows why it waits; the operator approves it (it goes public) or refuses it with
 * a reason its seller reads in My Products.
 */
export default function ModerationQueuePage() {
  const t = useT();
  const list = useListParams(MODERATION_LIST);
  const queue = useModerationQueue(list.params);
  const decide = useDecideListing();
  const [refusing, setRefusing] = useState<ModerationItem | null>(null);

  const approve = (item: ModerationItem) =>
    decide.mutate(
      { id: item._id, move: 'approve' },
      {
        onSuccess: () => toast.success(t('queue.approved')),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );

  const columns: Column<ModerationItem>[] = [
    {
      key: 'photo',
      header: t('queue.photo'),
      render: (m) =>
        m.photos[0] ? (
          <Image
            src={m.photos[0]}
            alt={t('queue.photoOf', { name: m.productName })}
            w={96}
            h={72}
            fit="cover"
            radius="sm"
            loading="lazy"
          />
        ) : (
          <Text size="xs" c="dimmed">
            {t('queue.noPhoto')}
          </Text>
        ),
    },
    {
      key: 'listing',
      header: t('queue.listing'),
      sortKey: 'productName',
      render: (m) => (
        <Stack gap={2} maw={320}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {m.productName}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} lineClamp={3}>
            {m.excerpt}
          </Text>
          <Text size="xs" c="dimmed">
            {t('queue.waitingSince', { date: formatDate(m.createdAt) })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'price',
      header: t('queue.price'),
      sortKey: 'price',
      nowrap: true,
      render: (m) => formatPrice(m.price),
    },
    {
      key: 'seller',
      header: t('queue.seller'),
      render: (m) => (
        <>
          <Text size="sm">{m.sellerName}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {m.sellerEmail}
          </Text>
        </>
      ),
    },
    {
      key: 'why',
      header: t('queue.why'),
      render: (m) => (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {m.flags.map((flag) => (
            <li key={flag.code}>
              <Badge
                color={flag.code === 'first-listings' ? 'blue' : 'orange'}
                variant="light"
                tt="none"
                h="auto"
                py={2}
                // A reason is a short sentence: it wraps, never cut off by the badge's ellipsis.
                styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
              >
                {t(`queue.flags.${flag.code}`)}
              </Badge>
              {/* The API words what a check found (which photo, word or median) in English. */}
              {flag.detail && (
                <Text size="xs" c="dimmed" lang="en" maw={260} style={{ overflowWrap: 'anywhere' }}>
                  {flag.detail}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: t('queue.actions'),
      action: true,
      render: (m) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            color="green"
            variant="light"
            aria-label={t('queue.approveFor', { name: m.productName })}
            loading={decide.isPending && decide.variables.id === m._id}
            onClick={() => approve(m)}
          >
            {t('queue.approve')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="default"
            aria-label={t('queue.refuseFor', { name: m.productName })}
            onClick={() => setRefusing(m)}
          >
            {t('queue.refuse')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('queue.title')}
        description={t('queue.description')}
        action={
          <Anchor component={Link} to={dashboardHref('moderationWords')} size="sm">
            {t('queue.words')}
          </Anchor>
        }
      />
      <DataTable
        label={t('queue.table')}
        columns={columns}
        query={queue}
        list={list}
        rowKey={(m) => m._id}
        searchPlaceholder={t('queue.search')}
        numbered
        emptyTitle={t('queue.empty')}
        emptyDescription={t('queue.emptyText')}
      />
      {refusing && <RefuseDialog item={refusing} onClose={() => setRefusing(null)} />}
    </Stack>
  );
}
