import { lazy, Suspense } from 'react';
import { ActionIcon, Alert, Box, Button, Indicator, Popover, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure, useId } from '@mantine/hooks';
import { getQueryClient, useLiveEvent } from 'runtime-kernel';
import { formatNumber } from 'web-kit/format';
import { BellIcon } from '@/shared/components/icons';
import { useT } from '@/shared/i18n';
import { notificationsQueryOptions, useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';

// The list's sentences, one per kind of notification, and their texts load when the bell first
// opens on a list, not in every page's first load (docs/decisions/0044-byte-budget-in-the-tests.md).
const NotificationItems = lazy(() => import('./NotificationItems'));

/**
 * The bell in the header (docs/product.md#in-site-notifications): how many events are unread, and
 * the latest of them. Opening it marks read what it shows, not what arrives while it is open.
 */
export function NotificationBell({ uid }: { uid: string }) {
  const t = useT();
  const [opened, { toggle, close }] = useDisclosure(false);
  const titleId = useId();
  const feed = useNotifications(uid);
  const markRead = useMarkNotificationsRead(uid);
  // The page's one live stream says when something happened (and 'reset' after a reconnect).
  useLiveEvent('notification', () => {
    void getQueryClient().invalidateQueries({ queryKey: notificationsQueryOptions(uid).queryKey });
  });
  const unread = feed.data?.unread ?? 0;

  const handleToggle = () => {
    const newest = feed.data?.items[0];
    if (!opened && unread > 0 && newest) markRead.mutate(newest._id);
    toggle();
  };

  const label =
    unread > 0 ? t('notifications.bellUnread', { count: formatNumber(unread) }) : t('notifications.bell');

  // The count sits outside the popover: Popover.Target gives its child aria-expanded and
  // aria-controls, which belong on the button, not on the count's wrapper.
  return (
    <Indicator
      label={unread > 99 ? '99+' : formatNumber(unread)}
      size={18}
      color="red"
      disabled={unread === 0}
      offset={4}
      data-testid="notification-count"
    >
      <Popover
        opened={opened}
        onChange={(next) => !next && close()}
        // The header is sticky, so the bell never scrolls away from its panel.
        hideDetached={false}
        position="bottom-end"
        width={340}
        shadow="md"
        withArrow
      >
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={handleToggle} aria-label={label}>
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
        {/* Named by its title, not (as Popover would) by the bell with its count. */}
        <Popover.Dropdown p={0} aria-labelledby={titleId}>
          <Text id={titleId} fw={700} px="md" pt="sm" pb="xs">
            {t('notifications.title')}
          </Text>
          <NotificationList feed={feed} onPick={close} />
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

function NotificationList({
  feed,
  onPick,
}: {
  feed: ReturnType<typeof useNotifications>;
  onPick: () => void;
}) {
  const t = useT();
  if (feed.isPending) return <ListSkeleton />;
  if (feed.isError)
    return (
      <Box p="md">
        <Alert color="red" title={t('notifications.loadFailed')}>
          <Button size="xs" variant="light" onClick={() => feed.refetch()}>
            {t('notifications.retry')}
          </Button>
        </Alert>
      </Box>
    );
  if (feed.data.items.length === 0)
    return (
      <Text c="dimmed" size="sm" px="md" pb="md">
        {t('notifications.empty')}
      </Text>
    );
  return (
    <Suspense fallback={<ListSkeleton />}>
      <NotificationItems items={feed.data.items} onPick={onPick} />
    </Suspense>
  );
}

/** Three grey lines while the list, or its sentences, are on their way. */
function ListSkeleton() {
  return (
    <Stack gap="xs" p="md" aria-busy data-testid="notifications-loading">
      <Skeleton height={14} />
      <Skeleton height={14} width="80%" />
      <Skeleton height={14} width="60%" />
    </Stack>
  );
}
