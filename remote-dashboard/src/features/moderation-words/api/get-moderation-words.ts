import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { ModerationWord } from 'shared-contracts/moderation-words';
import { apiListQuery, type ListParams, type ListSpec } from '@/shared/lib/list-params';

/** The list contract of GET /admin/moderation-words: newest first; `q` matches the word. */
export const MODERATION_WORDS_LIST: ListSpec = { sorts: { date: 'desc', word: 'asc' }, pageSize: 20 };

/** GET /admin/moderation-words (admin only): one page and the total. */
export const getModerationWords = (params: ListParams) =>
  apiRequestPage<ModerationWord>(`/admin/moderation-words?${apiListQuery(MODERATION_WORDS_LIST, params)}`, {
    auth: true,
  });

// Keyed here, not in web-kit's query keys: only this lazily loaded page reads it, and the shared
// keys are in every first load (docs/decisions/0044-byte-budget-in-the-tests.md).
export const moderationWordsQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: ['moderation-words', params],
    queryFn: () => getModerationWords(params),
    placeholderData: keepPreviousData,
  });

export const useModerationWords = (params: ListParams) => useQuery(moderationWordsQueryOptions(params));
