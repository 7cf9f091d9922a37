import { useUrlDraft } from 'web-kit/use-url-draft';
import { cleanSearch } from '../lib/list-params';

/** How long typing pauses before the URL (and so the API request) follows the search box. */
export const SEARCH_DEBOUNCE_MS = 350;

/**
 * A table's search box (web-kit's useUrlDraft): sent cleaned once typing pauses, and not at all
 * when the cleaned text is the search the URL already has.
 */
export function useSearchDraft(value: string, commit: (q: string) => void) {
  return useUrlDraft(value, commit, { delayMs: SEARCH_DEBOUNCE_MS, clean: cleanSearch, skipUnchanged: true });
}
