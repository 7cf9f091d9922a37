import { ActionIcon, Indicator, Tooltip, VisuallyHidden } from '@mantine/core';
import { LazyTooltip } from 'web-kit/lazy-tooltip';
import { Link } from 'react-router';
import { getQueryClient, useLanguage, useLiveEvent } from 'runtime-kernel';
import { formatNumber } from 'web-kit/format';
import { EnvelopeIcon } from '@/shared/components/icons';
import { useT } from '@/shared/i18n';
import { unreadMessagesKey, useUnreadMessages } from '../api/get-unread-messages';

/**
 * The envelope in the header (docs/product.md#conversations): the unread messages of the
 * signed-in user on every page, updated live. The inbox itself belongs to the dashboard; this is
 * only a link to its URL (docs/decisions/0003-cross-remote-ui-through-intents.md).
 */
export function MessagesLink({ uid }: { uid: string }) {
  const t = useT();
  const language = useLanguage();
  const { data } = useUnreadMessages(uid);
  useLiveEvent(['message', 'conversation-read'], () => {
    void getQueryClient().invalidateQueries({ queryKey: unreadMessagesKey(uid) });
  });
  const unread = data?.unread ?? 0;
  const label = unread > 0 ? t('conversations.unread', { n: unread }) : t('conversations.inbox');
  return (
    <>
      <LazyTooltip
        tooltip={(target, opened) => <Tooltip label={label} withArrow target={target} opened={opened} />}
      >
        <Indicator
          label={formatNumber(Math.min(unread, 99), language) + (unread > 99 ? '+' : '')}
          size={16}
          disabled={unread === 0}
          color="red"
          offset={4}
        >
          <ActionIcon
            component={Link}
            to="/dashboard/messages"
            variant="subtle"
            size="lg"
            aria-label={label}
            data-testid="messages-link"
          >
            <EnvelopeIcon />
          </ActionIcon>
        </Indicator>
      </LazyTooltip>
      <VisuallyHidden aria-live="polite">{unread > 0 ? label : ''}</VisuallyHidden>
    </>
  );
}
