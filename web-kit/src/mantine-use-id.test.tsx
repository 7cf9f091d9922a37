// @vitest-environment jsdom
// The patch in patches/@mantine__hooks@9.7.3.patch (docs/decisions/0040-mantine-use-id-patch.md):
// Mantine's useId keeps React's id instead of swapping it for a random one after mounting.
import 'web-testing/dom-environment';
import { useId } from '@mantine/hooks';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

describe("Mantine's useId (patched)", () => {
  it('hydrates with the id the server rendered and keeps it, without a second render', async () => {
    let renders = 0;
    function Field() {
      const id = useId();
      renders += 1;
      return <input id={id} aria-label="field" />;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Field />);
    const serverId = container.querySelector('input')!.id;
    expect(serverId).toMatch(/^mantine-/);
    document.body.append(container);

    renders = 0;
    const root = await act(async () => hydrateRoot(container, <Field />));
    // Upstream renders a second time from a layout effect, with a random id.
    expect(renders).toBe(1);
    expect(container.querySelector('input')!.id).toBe(serverId);
    act(() => root.unmount());
    container.remove();
  });

  it('still returns an id given to it', () => {
    let seen = '';
    function Field() {
      seen = useId('given-id');
      return null;
    }
    renderToString(<Field />);
    expect(seen).toBe('given-id');
  });
});
