import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Indicator,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useId } from '@mantine/hooks';
import { Link } from 'react-router';
import { getQueryClient, useLiveEvent } from 'runtime-kernel';
import type { Notification } from 'shared-contracts/notifications';
import { formatNumber, formatPrice, formatRelativeTime } from 'web-kit/format';
import { BellIcon } from '@/shared/components/icons';
import { useT, type Translate } from '@/shared/i18n';
import { notificationsQueryOptions, useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';

/** The sentence of one notification in the page's language, from its kind and facts. */
export function notificationSentence(t: Translate, { kind, params }: Notification): string {
  return t(`notifications.kinds.${kind}`, {
    laptop: params.productName ?? t('notifications.aLaptop'),
    who: params.actorName ?? t('notifications.someone'),
    price: params.price === undefined ? '' : formatPrice(params.price),
    rating: params.rating === undefined ? '' : formatNumber(params.rating),
  });
}

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
  if (feed.isPending)
    return (
      <Stack gap="xs" p="md" aria-busy data-testid="notifications-loading">
        <Skeleton height={14} />
        <Skeleton height={14} width="80%" />
        <Skeleton height={14} width="60%" />
      </Stack>
    );
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
    <ScrollArea.Autosize mah={420}>
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
        {feed.data.items.map((item) => (
          <li key={item._id}>
            <UnstyledButton
              component={Link}
              to={item.link}
              onClick={onPick}
              px="md"
              py="xs"
              w="100%"
              display="block"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text size="sm" fw={item.read ? 400 : 700}>
                {!item.read && <VisuallyHidden>{t('notifications.new')} </VisuallyHidden>}
                {notificationSentence(t, item)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatRelativeTime(item.createdAt)}
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
