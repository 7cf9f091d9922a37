import { useState } from 'react';
import { Alert, Anchor, Button, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Block } from 'shared-contracts/blocks';
import { formatDate } from 'web-kit/format';
import { errorMessage } from '@/shared/lib/error-message';
import { useT } from '../i18n';
import { useUserBlocks } from '../api/get-user-blocks';

function BlockList({ heading, blocks }: { heading: string; blocks: Block[] }) {
  const t = useT();
  return (
    <Stack gap={4}>
      <Title order={2} fz="md">
        {heading}
      </Title>
      {blocks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('userBlocks.none')}
        </Text>
      ) : (
        // A plain list: Mantine's List would add its CSS and code to every page's first load, which
        // ships the Mantine parts any package uses (tools/build-config/src/mantine-css.ts).
        <Stack component="ul" gap={4} m={0} pl="md">
          {blocks.map((b) => (
            <Text component="li" size="sm" key={b.userId}>
              {b.name} ({b.email}) · {t('userBlocks.since', { date: formatDate(b.createdAt) })}
              {b.conversationId && (
                <>
                  {' · '}
                  <Anchor component={Link} to={`/dashboard/messages/${encodeURIComponent(b.conversationId)}`}>
                    {t('userBlocks.conversation')}
                  </Anchor>
                </>
              )}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * A user's blocks in their record (docs/product.md#blocking): the people they blocked and those
 * who blocked them, read from the API when the operator opens them.
 */
export function UserBlocksButton({ userId, name }: { userId: string; name: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const blocks = useUserBlocks(userId, open);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        aria-label={t('userBlocks.openFor', { name })}
        onClick={() => setOpen(true)}
      >
        {t('userBlocks.open')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('userBlocks.title', { name })} centered>
        {blocks.isPending ? (
          <Loader size="sm" aria-label={t('userBlocks.loading')} />
        ) : blocks.isError ? (
          <Alert color="red" title={t('userBlocks.loadFailed')} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(blocks.error)}</Text>
              <Button size="xs" variant="light" onClick={() => void blocks.refetch()}>
                {t('userBlocks.tryAgain')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Stack gap="md">
            <BlockList heading={t('userBlocks.given', { name })} blocks={blocks.data.given} />
            <BlockList heading={t('userBlocks.received', { name })} blocks={blocks.data.received} />
          </Stack>
        )}
      </Modal>
    </>
  );
}
