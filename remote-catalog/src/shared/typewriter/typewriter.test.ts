import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TYPING,
  initialTypingState,
  typewriterStep,
  type TypingConfig,
  type TypingState,
} from './typewriter';

// The home page's and the brand strip's settings (their own tests pin those constants).
const BRANDS: TypingConfig = {
  words: ['Dell', 'HP', 'Lenovo', 'Apple'],
  loop: 5,
  typeSpeed: 70,
  deleteSpeed: 50,
  delaySpeed: 1000,
};
const HEADING: TypingConfig = { ...DEFAULT_TYPING, words: ['Select Your Brand'] };

/** Plays an animation to its end and records every frame with the wait before the next one. */
function play(config: TypingConfig) {
  const frames: Array<{ text: string; delay: number }> = [];
  let state: TypingState = initialTypingState;
  for (let i = 0; i < 10_000 && !state.done; i++) {
    const next = typewriterStep(state, config);
    state = next.state;
    frames.push({ text: state.text, delay: next.delay });
  }
  return { frames, final: state };
}

describe('typewriterStep', () => {
  it('defaults to 80/50/1500 ms, loop 1', () => {
    expect(DEFAULT_TYPING).toEqual({ loop: 1, typeSpeed: 80, deleteSpeed: 50, delaySpeed: 1500 });
  });

  it('types a word at the type speed, holds it for the delay, then deletes it at the delete speed', () => {
    const { frames } = play(BRANDS);
    expect(frames.slice(0, 4)).toEqual([
      { text: 'D', delay: 70 },
      { text: 'De', delay: 70 },
      { text: 'Del', delay: 70 },
      { text: 'Dell', delay: 1000 },
    ]);
    expect(frames.slice(4, 8)).toEqual([
      { text: 'Del', delay: 50 },
      { text: 'De', delay: 50 },
      { text: 'D', delay: 50 },
      { text: '', delay: 50 },
    ]);
    // Then the next word starts.
    expect(frames[8]).toEqual({ text: '', delay: 70 });
    expect(frames[9]).toEqual({ text: 'H', delay: 70 });
  });

  it('plays the word list 5 times and stops on the last word', () => {
    const { frames, final } = play(BRANDS);
    expect(final).toMatchObject({ done: true, text: 'Apple', loops: 5 });
    expect(frames.filter((f) => f.text === 'Dell' && f.delay === 1000)).toHaveLength(5);
    expect(frames.filter((f) => f.text === 'Apple' && f.delay === 1000)).toHaveLength(5);
  });

  it('types the brand heading once and keeps it', () => {
    const { final, frames } = play(HEADING);
    expect(final).toMatchObject({ done: true, text: 'Select Your Brand' });
    expect(frames.every((f) => f.delay === 80 || f.delay === 1500 || f.delay === 0)).toBe(true);
  });

  it('loops forever with loop 0', () => {
    let state = initialTypingState;
    for (let i = 0; i < 500; i++) state = typewriterStep(state, { ...BRANDS, loop: 0 }).state;
    expect(state.done).toBe(false);
  });
});
