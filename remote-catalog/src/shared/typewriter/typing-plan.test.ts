import { describe, expect, it } from 'vitest';
import { splitGraphemes } from './graphemes';
import { typingPlan, type TypingPlan } from './typing-plan';
import {
  DEFAULT_TYPING,
  initialTypingState,
  typewriterStep,
  type TypingConfig,
  type TypingState,
} from './typewriter';
import { BRANDS_TYPING, HEADING_TYPING } from '@/test/typing-configs';

const BRANDS = BRANDS_TYPING;
const HEADING = HEADING_TYPING;
const BANGLA_HEADING: TypingConfig = { ...DEFAULT_TYPING, words: ['ব্র্যান্ড বেছে নিন'] };

/**
 * The opacity a browser gives an element at `time` ms, from the plan's CSS: an `animation` value
 * `name <period>ms step-end <count> [forwards]` over keyframes of `opacity` stops, base opacity 0.
 */
function opacityAt(css: string, animation: string, time: number) {
  const [name, duration, , count, fill] = animation.split(' ');
  const period = parseFloat(duration!);
  const active = count === 'infinite' ? Infinity : parseFloat(count!) * period;
  if (time >= active && fill !== 'forwards') return 0;
  const phase = time >= active ? ((active - 0.0001) % period) / period : (time % period) / period;
  const body = new RegExp(`@keyframes ${name}\\{(.*?\\})\\}`).exec(css)![1]!;
  let opacity = 0;
  for (const [, at, value] of body.matchAll(/([\d.]+)%\{opacity:([01])\}/g)) {
    if (parseFloat(at!) / 100 <= phase + 1e-9) opacity = Number(value);
  }
  return opacity;
}

/** What the page shows at `time`: the visible letters of each word and where the caret is. */
function shownAt(plan: TypingPlan, time: number) {
  const carets: string[] = [];
  const words = plan.words.map((word, w) => {
    if (opacityAt(plan.css, word.startCaret, time)) carets.push(`${w}:0`);
    return word.letters
      .map((letter, i) => {
        if (opacityAt(plan.css, letter.caret, time)) carets.push(`${w}:${i + 1}`);
        return opacityAt(plan.css, letter.show, time) ? letter.text : '';
      })
      .join('');
  });
  return { words, carets };
}

/** The script typewriter's frames, each with the time it shows. */
function frames(config: TypingConfig) {
  const out: Array<{ from: number; to: number; state: TypingState }> = [];
  let state = initialTypingState;
  let time = 0;
  let delay = config.typeSpeed;
  while (!state.done) {
    out.push({ from: time, to: time + delay, state });
    time += delay;
    const next = typewriterStep(state, config);
    state = next.state;
    delay = next.delay;
  }
  return { frames: out, end: time };
}

describe('typingPlan', () => {
  it.each([
    ['the brand names, 5 times', BRANDS],
    ['the brand heading, once', HEADING],
    ['the Bangla heading, once', BANGLA_HEADING],
  ])('shows in CSS, frame by frame, what the typewriter types: %s', (_, config) => {
    const plan = typingPlan(config, 'test');
    const run = frames(config);
    expect(plan.duration).toBe(run.end);
    for (const { from, to, state } of run.frames) {
      const middle = (from + to) / 2;
      const shown = shownAt(plan, middle);
      const expected = config.words.map((_, w) => (w === state.wordIndex ? state.text : ''));
      expect(shown.words, `at ${middle} ms`).toEqual(expected);
      expect(shown.carets, `at ${middle} ms`).toEqual([
        `${state.wordIndex}:${splitGraphemes(state.text).length}`,
      ]);
    }
  });

  it('stops on the last word, whole, with no caret', () => {
    const plan = typingPlan(BRANDS, 'test');
    expect(plan.duration).toBe(4 * 6040 + 5790);
    for (const time of [plan.duration, plan.duration + 60_000]) {
      expect(shownAt(plan, time)).toEqual({ words: ['', '', '', 'Apple'], carets: [] });
    }
    const heading = typingPlan(HEADING, 'test');
    expect(shownAt(heading, heading.duration + 1)).toEqual({ words: ['Select Your Brand'], carets: [] });
  });

  it('types the first letter after 70 ms and the whole first brand after 280 ms', () => {
    const plan = typingPlan(BRANDS, 'test');
    expect(shownAt(plan, 69).words[0]).toBe('');
    expect(shownAt(plan, 71).words[0]).toBe('D');
    expect(shownAt(plan, 281).words[0]).toBe('Dell');
  });

  it('reveals a Bangla conjunct whole, never half of it', () => {
    const plan = typingPlan(BANGLA_HEADING, 'test');
    expect(plan.words[0]!.letters.map((l) => l.text)).toEqual([
      'ব্র্যা',
      'ন্ড',
      ' ',
      'বে',
      'ছে',
      ' ',
      'নি',
      'ন',
    ]);
    expect(shownAt(plan, 81).words[0]).toBe('ব্র্যা');
  });

  it('names its keyframes after the plan, so two plans on a page do not meet', () => {
    const plan = typingPlan(HEADING, 'sb-x');
    const names = [...plan.css.matchAll(/@keyframes ([\w-]+)/g)].map((m) => m[1]);
    expect(names.every((name) => name!.startsWith('sb-x-'))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });
});
