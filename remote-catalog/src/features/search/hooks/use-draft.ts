import { useUrlDraft } from 'web-kit/use-url-draft';

/** How long typing pauses before the URL (and the results) follow it. */
export const TYPING_DEBOUNCE_MS = 400;

/** A search filter's typed value, sent to the URL once typing pauses (web-kit's useUrlDraft). */
export function useDraft<T>(value: T, commit: (value: T) => void, same?: (a: T, b: T) => boolean) {
  return useUrlDraft(value, commit, { delayMs: TYPING_DEBOUNCE_MS, same });
}
