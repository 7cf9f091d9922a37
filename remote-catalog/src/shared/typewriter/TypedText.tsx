import type { CSSProperties } from 'react';
import type { TypingPlan } from './typing-plan';
import * as classes from './Typewriter.module.css';

/**
 * The keyframes of a typing plan. It goes outside the heading that shows the text, so the
 * heading's text is only its words.
 */
export function TypingStyle({ plan }: { plan: TypingPlan }) {
  return <style>{plan.css}</style>;
}

interface TypedTextProps {
  plan: TypingPlan;
  /**
   * What a list of words reads as under prefers-reduced-motion, where they do not take turns
   * (one word shows whole without it).
   */
  still?: string;
}

/**
 * A typing animation that runs in CSS from the server's HTML (TypingStyle puts its keyframes on
 * the page). Hydration keeps the elements, so the animation goes on where it is.
 */
export function TypedText({ plan, still }: TypedTextProps) {
  return (
    <>
      <span className={classes.words} data-typing={still === undefined ? 'word' : 'turns'}>
        {plan.words.map((word, w) => (
          <span key={w} className={classes.word}>
            <span className={classes.start} style={{ '--caret': word.startCaret } as CSSProperties} />
            {word.letters.map((letter, i) => (
              <span
                key={i}
                className={classes.letter}
                style={{ '--show': letter.show, '--caret': letter.caret } as CSSProperties}
              >
                {letter.text}
              </span>
            ))}
          </span>
        ))}
      </span>
      {still !== undefined && <span className={classes.still}>{still}</span>}
    </>
  );
}
