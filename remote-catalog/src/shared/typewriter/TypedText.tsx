import type { CSSProperties } from 'react';
import * as classes from './Typewriter.module.css';

interface TypedTextProps {
  /** The characters typed so far. */
  typed: string;
  /** The whole word: the untyped rest keeps its space, so nothing around it moves. */
  word: string;
  caret: boolean;
  /** Milliseconds per letter: the stylesheet types `typed` in (the first word, before any script). */
  revealSpeed?: number | undefined;
}

// Firefox has it since 125 only; older browsers split by code point (Latin words are the same).
const graphemes =
  typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
/** What a reader sees as letters: a Bangla consonant keeps its vowel sign, an emoji its parts. */
const letters = (text: string) =>
  graphemes ? Array.from(graphemes.segment(text), (s) => s.segment) : Array.from(text);

/** Renders a typing frame; callers give the element an accessible name of the full text. */
export function TypedText({ typed, word, caret, revealSpeed }: TypedTextProps) {
  const rest = word.startsWith(typed) ? word.slice(typed.length) : '';
  const reveal =
    revealSpeed === undefined
      ? undefined
      : ({ '--letters': typed.length, '--letter-ms': `${revealSpeed}ms` } as CSSProperties);
  return (
    <>
      {reveal === undefined ? (
        typed
      ) : (
        <span className={classes.reveal} style={reveal}>
          {letters(typed).map((letter, i) => (
            <span key={i} style={{ '--i': i } as CSSProperties}>
              {letter}
            </span>
          ))}
        </span>
      )}
      {caret && (
        <span
          className={reveal === undefined ? classes.caret : `${classes.caret} ${classes.caretAfterReveal}`}
          style={reveal}
          aria-hidden="true"
        />
      )}
      {rest && (
        <span className={classes.pending} aria-hidden="true">
          {rest}
        </span>
      )}
    </>
  );
}
