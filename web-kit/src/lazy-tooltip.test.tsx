// @vitest-environment jsdom
import 'web-testing/dom-environment';
import { MantineProvider, Tooltip } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LazyTooltip } from './lazy-tooltip';

// jsdom lays nothing out, so Floating UI's hide middleware reports the element detached and the
// tooltip is rendered with display: none: the queries look at hidden elements too.
const HIDDEN_TOO = { hidden: true };

function renderTooltip(props: { openDelay?: number } = {}) {
  const onPointerEnter = vi.fn();
  const buttonRef = createRef<HTMLButtonElement>();
  const user = userEvent.setup();
  render(
    <MantineProvider>
      <LazyTooltip
        {...props}
        tooltip={(target, opened) => <Tooltip label="Save" target={target} opened={opened} />}
      >
        <button type="button" ref={buttonRef} onPointerEnter={onPointerEnter}>
          heart
        </button>
      </LazyTooltip>
      <button type="button">elsewhere</button>
    </MantineProvider>,
  );
  return { user, onPointerEnter, buttonRef, button: screen.getByRole('button', { name: 'heart' }) };
}

describe('LazyTooltip', () => {
  it('mounts no tooltip until its element is hovered, then shows the label and hides it on leave', async () => {
    const { user, button } = renderTooltip();
    // A mounted Mantine Tooltip has a portal even while closed; this one has nothing yet.
    expect(document.querySelector('[data-portal]')).toBeNull();
    expect(screen.queryByRole('tooltip', HIDDEN_TOO)).not.toBeInTheDocument();
    expect(screen.queryByText('Save')).not.toBeInTheDocument();

    await user.hover(button);
    expect(await screen.findByRole('tooltip', HIDDEN_TOO)).toHaveTextContent('Save');

    await user.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip', HIDDEN_TOO)).not.toBeInTheDocument());
  });

  it('keeps the element it wraps: same node, its own ref and handlers still work', async () => {
    const { user, button, buttonRef, onPointerEnter } = renderTooltip();
    await user.hover(button);
    await screen.findByRole('tooltip', HIDDEN_TOO);
    expect(screen.getByRole('button', { name: 'heart' })).toBe(button);
    expect(buttonRef.current).toBe(button);
    expect(onPointerEnter).toHaveBeenCalledTimes(1);
  });

  it('waits for openDelay before showing, and shows nothing if the pointer left first', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user, button } = renderTooltip({ openDelay: 400 });
      await user.hover(button);
      await act(() => vi.advanceTimersByTimeAsync(200));
      expect(screen.queryByRole('tooltip', HIDDEN_TOO)).not.toBeInTheDocument();
      await user.unhover(button);
      await act(() => vi.advanceTimersByTimeAsync(400));
      expect(screen.queryByRole('tooltip', HIDDEN_TOO)).not.toBeInTheDocument();

      await user.hover(button);
      await act(() => vi.advanceTimersByTimeAsync(400));
      expect(screen.getByRole('tooltip', HIDDEN_TOO)).toHaveTextContent('Save');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows on keyboard focus and hides on Escape and on blur', async () => {
    const { user, button } = renderTooltip();
    await user.tab();
    expect(button).toHaveFocus();
    expect(await screen.findByRole('tooltip', HIDDEN_TOO)).toHaveTextContent('Save');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip', HIDDEN_TOO)).not.toBeInTheDocument());

    await user.click(button);
    await user.tab();
    expect(screen.getByRole('button', { name: 'elsewhere' })).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole('tooltip', HIDDEN_TOO)).not.toBeInTheDocument());
  });

  it('shows when keyboard focus lands on a focusable element inside the one it wraps', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <LazyTooltip tooltip={(target, opened) => <Tooltip label="Inbox" target={target} opened={opened} />}>
          <div>
            <button type="button">messages</button>
          </div>
        </LazyTooltip>
      </MantineProvider>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'messages' })).toHaveFocus();
    expect(await screen.findByRole('tooltip', HIDDEN_TOO)).toHaveTextContent('Inbox');
  });
});
