import { useMemo, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { toast } from 'runtime-kernel';
import {
  MAX_MODERATION_WORD_LENGTH,
  MIN_MODERATION_WORD_LENGTH,
  type ModerationWord,
} from 'shared-contracts/moderation-words';
import { uncleanTextMessage } from 'shared-contracts/clean-text';
import { formatDate } from 'web-kit/format';
import { ConfirmDialog } from '@/shared/components/ConfirmDialog';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { PageHeader } from '@/shared/components/PageHeader';
import { dashboardHref } from '@/shared/lib/dashboard-pages';
import { useListParams } from '@/shared/hooks/use-list-params';
import { useT, type Translate } from '../i18n';
import { errorMessage } from '@/shared/lib/error-message';
import { useAddModerationWord } from '../api/add-moderation-word';
import { MODERATION_WORDS_LIST, useModerationWords } from '../api/get-moderation-words';
import { useRemoveModerationWord } from '../api/remove-moderation-word';

/** The form's own check, the API's rule (2–40 characters on one line), so most mistakes never leave the page. */
function wordProblem(word: string, t: Translate): string | null {
  const trimmed = word.trim();
  if (trimmed.length < MIN_MODERATION_WORD_LENGTH)
    return t('moderationWords.tooShort', { n: MIN_MODERATION_WORD_LENGTH });
  if (trimmed.length > MAX_MODERATION_WORD_LENGTH)
    return t('moderationWords.tooLong', { n: MAX_MODERATION_WORD_LENGTH });
  if (uncleanTextMessage(trimmed)) return t('moderationWords.oneLine');
  return null;
}

function AddWordForm() {
  const t = useT();
  const add = useAddModerationWord();
  const [word, setWord] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = wordProblem(word, t);
    setError(problem);
    if (problem) return;
    add.mutate(word.trim(), {
      onSuccess: (added) => {
        setWord('');
        toast.success(t('moderationWords.added', { word: added.word }));
      },
      // The API's refusal (a word already listed) in the page's language, under the field.
      onError: (failure) => setError(errorMessage(failure)),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('moderationWords.addForm')}>
      <Group align="flex-start" mb="md">
        <TextInput
          label={t('moderationWords.word')}
          description={t('moderationWords.wordHint')}
          value={word}
          onChange={(e) => setWord(e.currentTarget.value)}
          error={error}
          maxLength={MAX_MODERATION_WORD_LENGTH + 20}
          required
          style={{ flex: 1, maxWidth: 360 }}
        />
        <Button type="submit" mt={{ base: 0, xs: 46 }} loading={add.isPending}>
          {t('moderationWords.add')}
        </Button>
      </Group>
    </form>
  );
}

// merge: not routed yet. Routing it (DASHBOARD_PAGES `moderationWords: { path: 'moderation-words',
// roles: ['admin'], menuLabel: 'Moderation words' }`, the lazy import in DashboardApp.tsx, and
// menu.pages.moderationWords in both shared i18n files) costs about 0.1 KB of the "my orders" first
// load, which has none to spare (e2e/byte-budget.ts); the lead decides where those bytes come from.
/**
 * Admin: the operators' moderation word list (docs/product.md#automatic-checks), paged and
 * searched on the server; add a word, remove one after confirming.
 */
export default function ModerationWordsPage() {
  const t = useT();
  const list = useListParams(MODERATION_WORDS_LIST);
  const words = useModerationWords(list.params);
  const remove = useRemoveModerationWord();
  const [toRemove, setToRemove] = useState<ModerationWord | null>(null);
  const columns = useMemo<Column<ModerationWord>[]>(
    () => [
      { key: 'word', header: t('moderationWords.word'), sortKey: 'word', render: (w) => w.word },
      { key: 'addedBy', header: t('moderationWords.addedBy'), render: (w) => w.addedBy ?? '—' },
      {
        key: 'date',
        header: t('moderationWords.date'),
        nowrap: true,
        sortKey: 'date',
        render: (w) => <time dateTime={w.createdAt}>{formatDate(w.createdAt)}</time>,
      },
      {
        key: 'actions',
        header: t('moderationWords.actions'),
        action: true,
        render: (w) => (
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            onClick={() => setToRemove(w)}
            aria-label={t('moderationWords.removeWord', { word: w.word })}
          >
            {t('moderationWords.remove')}
          </Button>
        ),
      },
    ],
    [t],
  );
  const confirmRemove = () => {
    if (!toRemove) return;
    remove.mutate(toRemove._id, {
      onSuccess: () => toast.success(t('moderationWords.removed', { word: toRemove.word })),
      onError: (failure) => toast.error(errorMessage(failure)),
      onSettled: () => setToRemove(null),
    });
  };
  return (
    <>
      <PageHeader
        title={t('moderationWords.title')}
        description={t('moderationWords.description')}
        // The page has no drawer link: the way back is to the queue that links here.
        action={
          <Anchor component={Link} to={dashboardHref('moderation')} size="sm">
            {t('moderationWords.queue')}
          </Anchor>
        }
      />
      <AddWordForm />
      <DataTable
        label={t('moderationWords.table')}
        columns={columns}
        query={words}
        list={list}
        rowKey={(w) => w._id}
        searchPlaceholder={t('moderationWords.search')}
        emptyTitle={t('moderationWords.empty')}
        emptyDescription={t('moderationWords.emptyText')}
      />
      <ConfirmDialog
        opened={toRemove !== null}
        title={t('moderationWords.confirmTitle')}
        message={t('moderationWords.confirmText', { word: toRemove?.word ?? '' })}
        confirmLabel={t('moderationWords.remove')}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setToRemove(null)}
      />
    </>
  );
}
