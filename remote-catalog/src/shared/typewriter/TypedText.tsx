import * as classes from './Typewriter.module.css';

interface TypedTextProps {
  /** The characters typed so far. */
  typed: string;
  /** The whole word: the untyped rest keeps its space, so nothing around it moves. */
  word: string;
  caret: boolean;
}

/** Renders a typing frame; callers give the element an accessible name of the full text. */
export function TypedText({ typed, word, caret }: TypedTextProps) {
  const rest = word.startsWith(typed) ? word.slice(typed.length) : '';
  return (
    <>
      {typed}
      {caret && <span className={classes.caret} aria-hidden="true" />}
      {rest && (
        <span className={classes.pending} aria-hidden="true">
          {rest}
        </span>
      )}
    </>
  );
}
