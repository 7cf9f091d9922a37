import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { ModerationWord } from 'shared-contracts/moderation-words';

/** POST /admin/moderation-words: adds a word; the list reloads. */
export const addModerationWord = (word: string) =>
  apiRequest<ModerationWord>('/admin/moderation-words', { method: 'POST', auth: true, body: { word } });

export const useAddModerationWord = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addModerationWord,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['moderation-words'] }),
  });
};
