import { useEffect, useState } from 'react';
import { useReducedMotion } from '@mantine/hooks';
import { initialTypingState, typewriterStep, type TypingConfig, type TypingState } from './typewriter';

/**
 * Plays a typing animation. Under prefers-reduced-motion nothing moves: the caller gets
 * `reducedMotion` and shows its static text instead.
 *
 * The first word is typed by CSS, not by this hook (`revealSpeed`, TypedText): the server renders
 * it whole and the stylesheet wipes it in letter by letter, so a visitor whose app has not started
 * yet (docs/decisions/0041-signed-out-pages-start-on-intent.md) sees it type instead of an empty
 * heading. The hook takes over from there: it waits as after any typed word, then deletes it.
 */
export function useTypewriter(config: TypingConfig) {
  const reducedMotion = useReducedMotion() ?? false;
  const first = config.words[0] ?? '';
  const [state, setState] = useState<TypingState>(() => ({ ...initialTypingState, text: first }));
  const [delay, setDelay] = useState(first.length * config.typeSpeed + config.delaySpeed);
  const [revealing, setRevealing] = useState(true);

  useEffect(() => {
    if (reducedMotion || state.done) return;
    const timer = setTimeout(() => {
      const next = typewriterStep(state, config);
      setRevealing(false);
      setState(next.state);
      setDelay(next.delay);
    }, delay);
    return () => clearTimeout(timer);
  }, [state, delay, reducedMotion, config]);

  return {
    text: state.text,
    done: state.done,
    word: config.words[state.wordIndex] ?? '',
    reducedMotion,
    /** The CSS typing's milliseconds per letter while it shows the first word; undefined after. */
    revealSpeed: revealing ? config.typeSpeed : undefined,
  };
}
