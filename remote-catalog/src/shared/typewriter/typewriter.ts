/** Timing of a typing animation, in the terms of docs/product.md#home-page. */
export interface TypingConfig {
  words: readonly string[];
  /** How many times the word list is played; the last word then stays. 0 means forever. */
  loop: number;
  /** Milliseconds per typed character. */
  typeSpeed: number;
  /** Milliseconds per deleted character. */
  deleteSpeed: number;
  /** Milliseconds a completed word stays before it is deleted. */
  delaySpeed: number;
}

/** The defaults of docs/product.md#home-page (the brand strip's heading uses them). */
export const DEFAULT_TYPING = { loop: 1, typeSpeed: 80, deleteSpeed: 50, delaySpeed: 1500 } as const;

export interface TypingState {
  wordIndex: number;
  text: string;
  deleting: boolean;
  /** Completed passes through the word list. */
  loops: number;
  done: boolean;
}

export const initialTypingState: TypingState = {
  wordIndex: 0,
  text: '',
  deleting: false,
  loops: 0,
  done: false,
};

/**
 * One tick of the animation: the next state and how long to wait before the tick after it.
 * Pure, so the timing rules are tested without timers.
 */
export function typewriterStep(
  state: TypingState,
  config: TypingConfig,
): { state: TypingState; delay: number } {
  const { words, loop, typeSpeed, deleteSpeed, delaySpeed } = config;
  const word = words[state.wordIndex] ?? '';
  if (state.done || words.length === 0) return { state: { ...state, done: true }, delay: 0 };

  if (!state.deleting) {
    if (state.text.length < word.length) {
      const text = word.slice(0, state.text.length + 1);
      return { state: { ...state, text }, delay: text === word ? delaySpeed : typeSpeed };
    }
    const lastWord = state.wordIndex === words.length - 1;
    if (lastWord && loop > 0 && state.loops + 1 >= loop) {
      return { state: { ...state, loops: state.loops + 1, done: true }, delay: 0 };
    }
    return { state: { ...state, deleting: true, text: word.slice(0, -1) }, delay: deleteSpeed };
  }

  if (state.text.length > 0) {
    return { state: { ...state, text: state.text.slice(0, -1) }, delay: deleteSpeed };
  }
  const wrapped = state.wordIndex === words.length - 1;
  return {
    state: {
      ...state,
      deleting: false,
      wordIndex: wrapped ? 0 : state.wordIndex + 1,
      loops: wrapped ? state.loops + 1 : state.loops,
    },
    delay: typeSpeed,
  };
}
