import { splitGraphemes } from './graphemes';
import { initialTypingState, typewriterStep, type TypingConfig, type TypingState } from './typewriter';

/** One letter of a word: its text and the CSS animations that show it and the caret after it. */
export interface PlannedLetter {
  text: string;
  /** `animation` value that shows the letter while it is typed. */
  show: string;
  /** `animation` value that shows the caret right after the letter while it is the last typed. */
  caret: string;
}

export interface PlannedWord {
  /** `animation` value that shows the caret at the word's start while none of it is typed. */
  startCaret: string;
  letters: PlannedLetter[];
}

/**
 * A typing animation as CSS: every letter is in the markup from the first byte, and keyframes
 * (in `css`, to put on the page in a <style>) show each one and the caret on the step function's
 * timeline. It runs without script, and the server and the browser render it alike.
 */
export interface TypingPlan {
  words: PlannedWord[];
  css: string;
  /** Milliseconds from the start until the last word stays typed and the caret goes. */
  duration: number;
}

interface Frame {
  from: number;
  to: number;
  state: TypingState;
}

/** The step function's frames over one pass through the words, and where the animation ends. */
function timeline(config: TypingConfig) {
  const frames: Frame[] = [];
  const lastWord = config.words.length - 1;
  let state = initialTypingState;
  let time = 0;
  let delay = config.typeSpeed;
  let lastWordHeldUntil = 0;
  for (let i = 0; i < 100_000; i++) {
    frames.push({ from: time, to: time + delay, state });
    time += delay;
    const next = typewriterStep(state, config);
    if (next.state.done) return { frames, period: time, end: time };
    if (state.wordIndex === lastWord && !state.deleting && next.state.deleting) lastWordHeldUntil = time;
    // The pass is over: every later pass repeats it, and the last one stops on the last word.
    if (next.state.loops > 0) {
      const end = config.loop > 0 ? (config.loop - 1) * time + lastWordHeldUntil : Infinity;
      return { frames, period: time, end };
    }
    state = next.state;
    delay = next.delay;
  }
  throw new Error('The typing animation never completes a pass');
}

const percent = (ms: number, period: number) => `${Number(((ms / period) * 100).toFixed(4))}%`;

/** Keyframes that set `opacity: 1` during the given spans of the pass and 0 otherwise. */
function keyframes(name: string, spans: Array<[number, number]>, period: number) {
  const merged: Array<[number, number]> = [];
  for (const [from, to] of spans) {
    const previous = merged.at(-1);
    if (previous && previous[1] === from) previous[1] = to;
    else merged.push([from, to]);
  }
  let stops = merged[0]?.[0] === 0 ? '' : '0%{opacity:0}';
  for (const [from, to] of merged) {
    stops += `${percent(from, period)}{opacity:1}`;
    if (to < period) stops += `${percent(to, period)}{opacity:0}`;
  }
  return `@keyframes ${name}{${stops}}`;
}

/**
 * Plans `config` as CSS. `name` prefixes the keyframes' names, so it is unique on the page and
 * per language (the letters differ).
 */
export function typingPlan(config: TypingConfig, name: string): TypingPlan {
  const { frames, period, end } = timeline(config);
  const count = (ms: number) => (ms === Infinity ? 'infinite' : String(Number((ms / period).toFixed(6))));
  // A letter keeps its last frame (forwards) from 1 ms before the end, before a deletion could
  // start; the caret has no fill, so it is gone at the end.
  const showRun = `${period}ms step-end ${count(end - 1)} forwards`;
  const caretRun = `${period}ms step-end ${count(end)}`;
  const css: string[] = [];

  const words = config.words.map((word, w) => {
    const letters = splitGraphemes(word);
    const framesOf = (typed: (n: number) => boolean) =>
      frames
        .filter((f) => f.state.wordIndex === w && typed(splitGraphemes(f.state.text).length))
        .map((f): [number, number] => [f.from, f.to]);
    const caretAt = (position: number) => {
      const keyframe = `${name}-c${w}-${position}`;
      css.push(
        keyframes(
          keyframe,
          framesOf((n) => n === position),
          period,
        ),
      );
      return `${keyframe} ${caretRun}`;
    };
    return {
      startCaret: caretAt(0),
      letters: letters.map((text, i) => {
        const keyframe = `${name}-l${w}-${i}`;
        css.push(
          keyframes(
            keyframe,
            framesOf((n) => n > i),
            period,
          ),
        );
        return { text, show: `${keyframe} ${showRun}`, caret: caretAt(i + 1) };
      }),
    };
  });
  return { words, css: css.join(''), duration: end };
}
