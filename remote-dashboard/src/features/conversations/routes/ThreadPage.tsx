import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError, toast, useAuthStore, useLanguage, useLiveEvent } from 'runtime-kernel';
import {
  MAX_CONVERSATION_REPORT_LENGTH,
  ReportConversationSchema,
  SendMessageSchema,
  type Message,
} from 'shared-contracts/conversations';
import { MAX_MESSAGE_LENGTH } from 'shared-contracts/message-limits';
import { formatDateTime, formatNumber } from 'web-kit/format';
import { schemaValidator } from 'web-kit/form-validation';
import { ConfirmDialog } from '@/shared/components/ConfirmDialog';
import { errorMessage } from '@/shared/lib/error-message';
import { useT } from '@/shared/i18n';
import { getConversation, useConversation, useOlderMessages } from '../api/get-conversation';
import { markConversationRead } from '../api/mark-read';
import { useReportConversation } from '../api/report-conversation';
import { useSendMessage } from '../api/send-message';
import { useSetBlock } from '../api/block-person';
import { useT as useBlocksT } from '../i18n';

/** Messages by id, oldest first: what a refetch and a `since` page have in common is shown once. */
export function mergeMessages(...lists: Message[][]): Message[] {
  const byId = new Map<string, Message>();
  for (const list of lists) for (const m of list) byId.set(m._id, m);
  return [...byId.values()].sort((a, b) => Number(a._id) - Number(b._id));
}

/**
 * One conversation (docs/product.md#conversations). Messages are plain text: React escapes them
 * and nothing is turned into a link. A live `message` event fetches what came after the newest
 * message shown and merges it by id; `reset` (a reconnect) refetches the whole page.
 */
export default function ThreadPage() {
  const t = useT();
  const { id = '' } = useParams();
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const queryClient = useQueryClient();
  const conversation = useConversation(uid, id);
  const [later, setLater] = useState<Message[]>([]);
  const [earlier, setEarlier] = useState<Message[]>([]);
  // Whether messages exist before the oldest shown: the first page says, then each older page.
  const [olderLeft, setOlderLeft] = useState<boolean | null>(null);
  const messages = useMemo(
    () => mergeMessages(earlier, conversation.data?.messages ?? [], later),
    [conversation.data, earlier, later],
  );
  const newestId = messages.at(-1)?._id;
  const newestRef = useRef(newestId);
  newestRef.current = newestId;

  // A block or an unblock arrives as a `message` event too: when the newer page says the
  // conversation opened or closed, the whole conversation reloads so the composer follows.
  const blockRef = useRef('');
  blockRef.current = `${conversation.data?.closed}:${conversation.data?.blockedByMe}`;
  const { refetch } = conversation;
  const fetchNewer = useCallback(async () => {
    try {
      const page = await getConversation(id, { since: newestRef.current });
      setLater((prev) => mergeMessages(prev, page.messages));
      if (`${page.closed}:${page.blockedByMe}` !== blockRef.current) void refetch();
    } catch {
      // The next event or reconnect fetches again.
    }
  }, [id, refetch]);

  const older = useOlderMessages(id);
  const oldestId = messages[0]?._id;
  const loadOlder = () => {
    if (!oldestId || older.isPending) return;
    older.mutate(oldestId, {
      onSuccess: (page) => {
        setEarlier((prev) => mergeMessages(page.messages, prev));
        setOlderLeft(page.hasOlder);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  useLiveEvent(['message', 'conversation-read'], (type) => {
    if (type === 'message') void fetchNewer();
    else void conversation.refetch().then(() => fetchNewer());
  });

  // Seen: everything shown is read (the header's count and the inbox follow).
  const role = conversation.data?.role ?? null;
  const lastOther = [...messages].reverse().find((m) => !m.mine)?._id;
  useEffect(() => {
    if (!role || !lastOther) return;
    void markConversationRead(id, lastOther)
      .then(() => queryClient.invalidateQueries({ queryKey: ['conversations'], refetchType: 'active' }))
      .catch(() => {});
  }, [id, role, lastOther, queryClient]);

  if (conversation.isPending)
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('conversations.loading')}>
        <Skeleton height={56} radius="md" />
        <Skeleton height={64} width="70%" radius="md" />
        <Skeleton height={64} width="60%" ml="auto" radius="md" />
      </Stack>
    );
  if (conversation.isError) {
    const missing = conversation.error instanceof ApiError && conversation.error.status === 404;
    return (
      <Alert
        color={missing ? 'gray' : 'red'}
        title={t(missing ? 'conversations.notFound' : 'conversations.loadFailed')}
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {missing ? t('conversations.notFoundText') : errorMessage(conversation.error)}
          </Text>
          {missing ? (
            <Button component={Link} to="/dashboard/messages" variant="light">
              {t('conversations.backToInbox')}
            </Button>
          ) : (
            <Button variant="light" onClick={() => void conversation.refetch()}>
              {t('common.tryAgain')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }

  const c = conversation.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/dashboard/messages" size="sm">
        {t('conversations.backArrow')}
      </Anchor>
      <Card withBorder radius="md" p="sm">
        <Group wrap="nowrap" gap="sm">
          <Avatar src={c.productImage} alt="" radius="sm" size="lg" />
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Title order={1} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
              {c.role ? c.otherName : `${c.buyerName} · ${c.sellerName}`}
            </Title>
            <Anchor component={Link} to={`/details/${c.productId}`} size="sm" truncate>
              {c.productName}
            </Anchor>
          </Stack>
          {c.productStatus === 'sold' && <Badge color="gray">{t('common.salesStatus.sold')}</Badge>}
        </Group>
      </Card>
      <MessageList
        messages={messages}
        otherReadUpTo={c.otherReadUpTo}
        olderLeft={olderLeft ?? c.hasOlder}
        reachedStart={olderLeft === false}
        loadingOlder={older.isPending}
        onLoadOlder={loadOlder}
      />
      {c.role && c.closed ? (
        <ClosedByBlock conversationId={id} otherName={c.otherName} blockedByMe={c.blockedByMe} />
      ) : c.role ? (
        <>
          <Composer
            conversationId={id}
            onSent={() => {
              void fetchNewer();
              void queryClient.invalidateQueries({ queryKey: ['conversations', 'list'] });
            }}
          />
          <Group gap="sm">
            <ReportConversation conversationId={id} />
            <BlockPerson conversationId={id} otherName={c.otherName} />
          </Group>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {c.closed ? <AdminClosedNote /> : t('conversations.adminReadOnly')}
        </Text>
      )}
    </Stack>
  );
}

interface MessageListProps {
  messages: Message[];
  otherReadUpTo: string | null;
  /** Messages exist before the oldest shown: a button fetches the page before it. */
  olderLeft: boolean;
  /** Older pages were loaded up to the first message. */
  reachedStart: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

function MessageList({
  messages,
  otherReadUpTo,
  olderLeft,
  reachedStart,
  loadingOlder,
  onLoadOlder,
}: MessageListProps) {
  const t = useT();
  const language = useLanguage();
  const end = useRef<HTMLDivElement>(null);
  const start = useRef<HTMLParagraphElement>(null);
  const newestId = messages.at(-1)?._id;
  // To the newest message when one arrives; older messages loaded above leave the view where it is.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [newestId]);
  // The button goes once the first message is reached: its focus moves to the text that replaces it.
  useEffect(() => {
    if (reachedStart) start.current?.focus();
  }, [reachedStart]);
  const lastMine = [...messages].reverse().find((m) => m.mine);
  const seen = lastMine && otherReadUpTo !== null && Number(otherReadUpTo) >= Number(lastMine._id);
  if (messages.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        {t('conversations.noMessages')}
      </Text>
    );
  return (
    // role="log": new messages are read out as they arrive (aria-live polite).
    <Stack role="log" aria-live="polite" aria-label={t('conversations.messagesLabel')} gap="xs">
      {olderLeft ? (
        <Button variant="subtle" size="xs" mx="auto" loading={loadingOlder} onClick={onLoadOlder}>
          {t('conversations.loadOlder')}
        </Button>
      ) : (
        reachedStart && (
          <Text ref={start} tabIndex={-1} size="xs" c="dimmed" ta="center">
            {t('conversations.startOfConversation')}
          </Text>
        )
      )}
      {messages.map((m) => (
        <Paper
          key={m._id}
          data-testid="message"
          p="sm"
          radius="md"
          maw="85%"
          ml={m.mine ? 'auto' : 0}
          bg={m.mine ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
        >
          <Text size="xs" c="dimmed" component="div">
            {m.mine ? t('conversations.you') : t('conversations.them')} ·{' '}
            {formatDateTime(m.createdAt, language)}
          </Text>
          {/* Plain text, escaped by React; line breaks kept, nothing linkified. */}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.body}
          </Text>
        </Paper>
      ))}
      {seen && (
        <Text size="xs" c="dimmed" ta="right">
          {t('conversations.seen')}
        </Text>
      )}
      <Box ref={end} />
    </Stack>
  );
}

function Composer({ conversationId, onSent }: { conversationId: string; onSent: () => void }) {
  const t = useT();
  const language = useLanguage();
  // The API's rule for a message (POST /conversations/{id}/messages); Send stays off until it holds.
  const form = useForm({
    initialValues: { text: '' },
    validate: schemaValidator(SendMessageSchema, { messages: {}, t }),
  });
  const text = form.values.text;
  const send = useSendMessage(conversationId);
  const blank = !form.isValid();
  const submit = form.onSubmit(({ text }) => {
    if (send.isPending) return;
    send.mutate(text, {
      onSuccess: () => {
        form.reset();
        onSent();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  });
  return (
    <form onSubmit={submit}>
      <Stack gap={4}>
        <Textarea
          label={t('conversations.composerLabel')}
          placeholder={t('conversations.composerPlaceholder')}
          {...form.getInputProps('text', { withError: false })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
          }}
          maxLength={MAX_MESSAGE_LENGTH}
          autosize
          minRows={2}
          maxRows={8}
          description={t('conversations.counter', {
            n: formatNumber(text.length, language),
            max: formatNumber(MAX_MESSAGE_LENGTH, language),
          })}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={blank} loading={send.isPending}>
            {t('conversations.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReportConversation({ conversationId }: { conversationId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // The API's rule for a report's reason; Send stays off until it holds.
  const form = useForm({
    initialValues: { reason: '' },
    validate: schemaValidator(ReportConversationSchema, { messages: {}, t }),
  });
  const report = useReportConversation(conversationId);
  return (
    <>
      <Group justify="flex-start">
        <Button variant="subtle" color="red" size="xs" onClick={() => setOpen(true)}>
          {t('conversations.report')}
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('conversations.reportTitle')} centered>
        <form
          onSubmit={form.onSubmit(({ reason }) =>
            report.mutate(reason, {
              onSuccess: () => {
                toast.success(t('conversations.reported'));
                setOpen(false);
                form.reset();
              },
              onError: (error) => toast.error(errorMessage(error)),
            }),
          )}
        >
          <Stack gap="sm">
            <Text size="sm">{t('conversations.reportText')}</Text>
            <Textarea
              label={t('conversations.reportReason')}
              {...form.getInputProps('reason', { withError: false })}
              maxLength={MAX_CONVERSATION_REPORT_LENGTH}
              required
              minRows={3}
              autosize
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="red" disabled={!form.isValid()} loading={report.isPending}>
                {t('conversations.reportSend')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** Block the other person: asked first, since it closes the conversation for both (docs/product.md#blocking). */
function BlockPerson({ conversationId, otherName }: { conversationId: string; otherName: string }) {
  const t = useBlocksT();
  const [open, setOpen] = useState(false);
  const block = useSetBlock(conversationId);
  return (
    <>
      <Button variant="subtle" color="red" size="xs" onClick={() => setOpen(true)}>
        {t('blocks.conversation.block', { name: otherName })}
      </Button>
      <ConfirmDialog
        opened={open}
        title={t('blocks.conversation.blockTitle', { name: otherName })}
        message={t('blocks.conversation.blockText')}
        confirmLabel={t('blocks.conversation.blockConfirm')}
        busy={block.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          block.mutate(true, {
            onSuccess: () => toast.success(t('blocks.conversation.blocked')),
            onError: (error) => toast.error(errorMessage(error)),
            onSettled: () => setOpen(false),
          })
        }
      />
    </>
  );
}

/**
 * In place of the composer while a block stands: both read that it is closed, and only the blocker
 * is offered to unblock (the blocked person is not told who blocked).
 */
function ClosedByBlock({
  conversationId,
  otherName,
  blockedByMe,
}: {
  conversationId: string;
  otherName: string;
  blockedByMe: boolean;
}) {
  const t = useBlocksT();
  const unblock = useSetBlock(conversationId);
  return (
    <Alert color="gray" title={t('blocks.conversation.closedTitle')} role="status">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {blockedByMe
            ? t('blocks.conversation.closedByMe', { name: otherName })
            : t('blocks.conversation.closedText')}
        </Text>
        {blockedByMe && (
          <Button
            variant="light"
            loading={unblock.isPending}
            onClick={() =>
              unblock.mutate(false, {
                onSuccess: () => toast.success(t('blocks.conversation.unblocked')),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            {t('blocks.conversation.unblock', { name: otherName })}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** What an operator reads in place of the composer when a block closed the conversation. */
function AdminClosedNote() {
  const t = useBlocksT();
  return <>{t('blocks.conversation.adminClosed')}</>;
}
