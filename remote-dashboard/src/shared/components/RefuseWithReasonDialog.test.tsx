import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { RefuseWithReasonDialog } from './RefuseWithReasonDialog';

const texts = {
  title: 'Refuse Dell XPS 13',
  label: 'Reason the seller reads',
  hint: '3 to 300 characters',
  tooShort: 'Give a reason of at least 3 characters',
  tooLong: 'A reason is at most 300 characters',
  cancel: 'Cancel',
  refuse: 'Refuse',
  refused: 'Refused: the seller is notified.',
};

function open(refuse: (reason: string) => Promise<unknown>) {
  const closed: string[] = [];
  renderPage(
    <RefuseWithReasonDialog
      texts={texts}
      limits={{ min: 3, max: 300 }}
      refuse={refuse}
      onClose={() => closed.push('closed')}
    />,
  );
  return closed;
}

describe('RefuseWithReasonDialog', () => {
  it('keeps a reason that is too short, says why and sends nothing', async () => {
    const sent: string[] = [];
    const closed = open(async (reason) => sent.push(reason));
    const dialog = await screen.findByRole('dialog', { name: texts.title });
    await userEvent.type(screen.getByRole('textbox', { name: /Reason the seller reads/ }), '  no  ');
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText(texts.tooShort)).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Reason the seller reads/ })).toHaveValue('  no  ');
    expect(sent).toEqual([]);
    expect(closed).toEqual([]);
    expect(dialog).toBeVisible();
  });

  it('sends the trimmed reason, says so and closes', async () => {
    const sent: string[] = [];
    const closed = open(async (reason) => sent.push(reason));
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Reason the seller reads/ }),
      '  The photo is not of this laptop.  ',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(closed).toEqual(['closed']));
    expect(sent).toEqual(['The photo is not of this laptop.']);
    expect(await screen.findByText(texts.refused)).toBeVisible();
  });

  it('shows the refusal the API gives under the field and stays open with the words typed', async () => {
    const closed = open(() => Promise.reject(new Error('This listing was decided already.')));
    const field = await screen.findByRole('textbox', { name: /Reason the seller reads/ });
    await userEvent.type(field, 'Not a laptop.');
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('This listing was decided already.')).toBeVisible();
    expect(field).toHaveValue('Not a laptop.');
    expect(screen.getByRole('button', { name: 'Refuse' })).toBeEnabled();
    expect(closed).toEqual([]);
  });
});
