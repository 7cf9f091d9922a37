import { useEffect, useRef, useState } from 'react';

export interface UrlDraftOptions<T> {
  /** How long typing pauses before the value is sent. */
  delayMs: number;
  /** Whether two values are the same (a filter object needs more than `Object.is`). */
  same?: (a: T, b: T) => boolean;
  /** What is sent for what was typed (e.g. a search trimmed and its spaces folded). */
  clean?: (value: T) => T;
  /** Send nothing when the cleaned value is the one the URL already has. */
  skipUnchanged?: boolean;
}

/**
 * A typed value that reaches the URL once typing pauses: the field shows what is typed at once, and
 * a word costs one navigation (and one request), not one per key. When the URL's value changes from
 * elsewhere (Back, a shared link, a removed filter) the field follows it, but not for the change it
 * just sent itself, which would undo keys typed meanwhile. The catalog's search filters and the
 * dashboard's table search both use it. Its own timer, not a UI library's debounce: the kit stays
 * free of the libraries whose shared copies are tree-shaken (docs/architecture.md#code-layout).
 */
export function useUrlDraft<T>(value: T, commit: (value: T) => void, options: UrlDraftOptions<T>) {
  const { delayMs, same = Object.is, clean = (v: T) => v, skipUnchanged = false } = options;
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const sent = useRef<{ value: T } | null>(null);
  if (!same(value, seen)) {
    setSeen(value);
    if (!sent.current || !same(sent.current.value, value)) setDraft(value);
  }

  const pending = useRef<{ value: T; timer: ReturnType<typeof setTimeout> } | null>(null);
  // The latest render's URL value and callbacks, read when the timer fires.
  const latest = useRef({ value, commit, same, clean, skipUnchanged });
  useEffect(() => {
    latest.current = { value, commit, same, clean, skipUnchanged };
  });
  // A field that goes away sends nothing after it is gone.
  useEffect(() => () => clearTimeout(pending.current?.timer), []);

  const send = (next: T) => {
    pending.current = null;
    const {
      value: current,
      commit: commitNow,
      same: sameNow,
      clean: cleanNow,
      skipUnchanged: skip,
    } = latest.current;
    const cleaned = cleanNow(next);
    sent.current = { value: cleaned };
    if (!(skip && sameNow(cleaned, current))) commitNow(cleaned);
  };
  const change = (next: T) => {
    setDraft(next);
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = { value: next, timer: setTimeout(() => send(next), delayMs) };
  };
  /** Sends what is typed now (Enter, leaving the field), without waiting for the pause. */
  const flush = () => {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    send(pending.current.value);
  };
  return { draft, change, flush };
}
