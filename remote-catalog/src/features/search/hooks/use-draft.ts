import { useRef, useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';

/** How long typing pauses before the URL (and the results) follow it. */
export const TYPING_DEBOUNCE_MS = 400;

/**
 * A typed value that reaches the URL once typing pauses. The field shows what is typed at once;
 * when the URL changes from elsewhere (Back, a removed filter) the field follows it, but not when
 * the change is the one this field just sent (that would undo keys typed meanwhile).
 */
export function useDraft<T>(value: T, commit: (value: T) => void, same: (a: T, b: T) => boolean = Object.is) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const sent = useRef<{ value: T } | null>(null);
  if (!same(value, seen)) {
    setSeen(value);
    if (!sent.current || !same(sent.current.value, value)) setDraft(value);
  }
  const debounced = useDebouncedCallback((next: T) => {
    sent.current = { value: next };
    commit(next);
  }, TYPING_DEBOUNCE_MS);
  const change = (next: T) => {
    setDraft(next);
    debounced(next);
  };
  return { draft, change, flush: debounced.flush };
}
