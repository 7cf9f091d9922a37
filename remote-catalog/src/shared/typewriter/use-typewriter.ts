import { useEffect, useState } from 'react';
import { useReducedMotion } from '@mantine/hooks';
import { initialTypingState, typewriterStep, type TypingConfig } from './typewriter';

/**
 * Plays a typing animation. Under prefers-reduced-motion nothing moves: the caller gets
 * `reducedMotion` and shows its static text instead.
 */
export function useTypewriter(config: TypingConfig) {
  const reducedMotion = useReducedMotion() ?? false;
  const [state, setState] = useState(initialTypingState);
  const [delay, setDelay] = useState(config.typeSpeed);

  useEffect(() => {
    if (reducedMotion || state.done) return;
    const timer = setTimeout(() => {
      const next = typewriterStep(state, config);
      setState(next.state);
      setDelay(next.delay);
    }, delay);
    return () => clearTimeout(timer);
  }, [state, delay, reducedMotion, config]);

  return { text: state.text, done: state.done, word: config.words[state.wordIndex] ?? '', reducedMotion };
}
