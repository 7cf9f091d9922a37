import { useRef, useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { cleanSearch } from '../lib/list-params';

/** How long typing pauses before the URL (and so the API request) follows the search box. */
export const SEARCH_DEBOUNCE_MS = 350;

/**
 * The search box's text: shown as typed at once, sent (cleaned) once typing pauses, so a word
 * typed costs one request, not one per key. When the URL's search changes from elsewhere (Back, a
 * shared link) the box follows it, but not for the change it just sent itself (that would undo
 * keys typed meanwhile). The same technique as the catalog's search box (remote-catalog use-draft).
 */
export function useSearchDraft(value: string, commit: (q: string) => void) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const sent = useRef<string | null>(null);
  if (value !== seen) {
    setSeen(value);
    if (sent.current !== value) setDraft(value);
  }
  const debounced = useDebouncedCallback((next: string) => {
    const q = cleanSearch(next);
    sent.current = q;
    if (q !== value) commit(q);
  }, SEARCH_DEBOUNCE_MS);
  const change = (next: string) => {
    setDraft(next);
    debounced(next);
  };
  return { draft, change, flush: debounced.flush };
}
