import { ScrollArea, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { Notification } from 'shared-contracts/notifications';
import { formatNumber, formatPrice, formatRelativeTime } from 'web-kit/format';
import { useT } from '@/shared/i18n';
import { useT as useSentenceT, type Translate } from '../i18n';

/** The sentence of one notification in the page's language, from its kind and facts. */
export function notificationSentence(t: Translate, { kind, params }: Notification): string {
  return t(`notifications.kinds.${kind}`, {
    laptop: params.productName ?? t('notifications.aLaptop'),
    who: params.actorName ?? t('notifications.someone'),
    price: params.price === undefined ? '' : formatPrice(params.price),
    rating: params.rating === undefined ? '' : formatNumber(params.rating),
  });
}

/** The bell's notifications, newest first, each a link to what it is about. */
export default function NotificationItems({ items, onPick }: { items: Notification[]; onPick: () => void }) {
  const t = useT();
  const sentenceT = useSentenceT();
  return (
    <ScrollArea.Autosize mah={420}>
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
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
                {notificationSentence(sentenceT, item)}
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
