import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';

/** The props LazyTooltip adds to its element; the element's own handlers still run first. */
interface TargetProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

export interface LazyTooltipProps {
  /** One element that takes a ref (a Mantine component or a DOM element), as for Mantine's Tooltip. */
  children: ReactElement<TargetProps>;
  /**
   * The tooltip itself, for an element outside it: Mantine's `<Tooltip target={target} opened={opened} …/>`.
   * The caller renders it so that Mantine stays out of this kit: a remote's needs from the host's
   * shaken Mantine are read from the remote's own sources (docs/decisions/0032-code-layout-and-web-kit.md).
   */
  tooltip: (target: RefObject<HTMLElement | null>, opened: boolean) => ReactNode;
  /** Milliseconds the pointer rests on the element before the tooltip shows. */
  openDelay?: number;
  closeDelay?: number;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A tooltip (Mantine's Tooltip, rendered by the caller) mounted the first time its element is
 * hovered with a mouse or focused from the keyboard, and then kept. A mounted Tooltip sets state
 * from its reference's ref and from its portal's layout effect: on a page the server rendered,
 * each one re-renders synchronously right after hydration commits, inside the same long task on a
 * phone's CPU (docs/decisions/0016-first-load-budget.md). Here the element renders alone until
 * then, in the same place in the tree, so nothing is remounted when the tooltip arrives. Shows on
 * mouse hover (after `openDelay`) and on keyboard focus, hides on leave, blur and Escape; touch
 * shows nothing, as Mantine's default.
 */
export function LazyTooltip({ children, tooltip, openDelay = 0, closeDelay = 0 }: LazyTooltipProps) {
  const target = useRef<HTMLElement | null>(null);
  // null until first wanted: the Tooltip is not mounted at all before then.
  const [opened, setOpened] = useState<boolean | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: boolean, delay: number) => {
    clearTimeout(timer.current);
    // Hiding a tooltip that was never shown mounts nothing.
    const apply = () => setOpened((current) => (current === null && !next ? null : next));
    if (delay > 0) timer.current = setTimeout(apply, delay);
    else apply();
  };

  const own = children.props;
  const element = cloneElement(children, {
    ref: (node: HTMLElement | null) => {
      target.current = node;
      assignRef(own.ref, node);
    },
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'mouse') show(true, openDelay);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      show(false, closeDelay);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      // Keyboard focus only: a click focuses the element too, and the pointer already had its say.
      // The target: the element may wrap the focusable one (a badge around a link), and focus bubbles.
      if (event.target instanceof Element && event.target.matches(':focus-visible')) show(true, 0);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      show(false, 0);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      own.onKeyDown?.(event);
      if (event.key === 'Escape') show(false, 0);
    },
  });

  return (
    <>
      {element}
      {opened !== null && tooltip(target, opened)}
    </>
  );
}
