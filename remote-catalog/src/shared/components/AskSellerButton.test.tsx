import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import { buyer, makeProduct, renderWithProviders, setSession } from '@/test/render';
import { answer, reply } from 'web-testing/fake-api';
import { AskSellerButton } from './AskSellerButton';

const product = makeProduct({ _id: 'p9', productName: 'ThinkPad T14', sellerName: 'Rahim Seller' });

function renderButton(
  props: Partial<Parameters<typeof AskSellerButton>[0]> = {},
  started: { status: number; body?: unknown } = { status: 201, body: { _id: 'c42', created: true } },
) {
  const { calls } = answer({ 'POST /conversations': reply(started.status, started.body) });
  renderWithProviders(<AskSellerButton product={product} own={false} {...props} />, {
    path: '/details/:id',
    url: '/details/p9',
  });
  return calls;
}

beforeEach(() => setSession(buyer));

describe('Ask the seller', () => {
  it('sends the question and opens the conversation in Messages', async () => {
    const calls = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Ask the seller about ThinkPad T14' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask the seller' });
    expect(within(dialog).getByText(/goes to Rahim Seller/)).toBeInTheDocument();
    const box = within(dialog).getByRole('textbox', { name: /Your question/ });
    expect(box).toHaveAttribute('maxlength', '2000');
    // Nothing is sent blank.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send question' }));
    expect(within(dialog).getByText('Write your question first')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.type(box, 'Is the battery original?');
    expect(within(dialog).getByText('24 / 2,000 characters')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send question' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/messages/c42'));
    expect(calls[0]?.body).toEqual({
      productId: 'p9',
      text: 'Is the battery original?',
    });
    expect(calls[0]?.method).toBe('POST');
  });

  it('says a blank question is missing from the first Send on, as it is typed, until closed', async () => {
    const calls = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Ask the seller about ThinkPad T14' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask the seller' });
    const box = within(dialog).getByRole('textbox', { name: /Your question/ });
    await userEvent.type(box, 'x');
    await userEvent.clear(box);
    expect(within(dialog).queryByText('Write your question first')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send question' }));
    expect(within(dialog).getByText('Write your question first')).toBeInTheDocument();
    await userEvent.type(box, 'Hi');
    expect(within(dialog).queryByText('Write your question first')).toBeNull();
    await userEvent.clear(box);
    expect(within(dialog).getByText('Write your question first')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ask the seller about ThinkPad T14' }));
    const again = await screen.findByRole('dialog', { name: 'Ask the seller' });
    expect(within(again).queryByText('Write your question first')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('shows the API’s refusal (a listing sold meanwhile) in the dialog', async () => {
    renderButton(
      {},
      {
        status: 409,
        body: {
          error: 'product_sold',
          message: 'This laptop has been sold: a new conversation cannot start',
        },
      },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ask the seller about ThinkPad T14' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Your question/ }), 'Still there?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send question' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('a new conversation cannot start');
  });

  it('is not offered on one’s own or a sold listing, and sends a signed-out visitor to log in', async () => {
    renderButton({ own: true });
    expect(screen.queryByRole('button', { name: /Ask the seller/ })).toBeNull();
    document.body.innerHTML = '';

    renderButton({ product: makeProduct({ status: 'sold' }) });
    expect(screen.queryByRole('button', { name: /Ask the seller/ })).toBeNull();
    document.body.innerHTML = '';

    setSession(null);
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Ask the seller about ThinkPad T14' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.getByTestId('location')).toHaveAttribute('data-from', '/details/p9');
  });

  it('asks in Bangla when the page is, with Bangla digits in the counter', async () => {
    useAuthStore.getState().setLanguage('bn');
    try {
      renderButton();
      await userEvent.click(screen.getByRole('button', { name: 'ThinkPad T14 নিয়ে বিক্রেতাকে প্রশ্ন করুন' }));
      const dialog = await screen.findByRole('dialog', { name: 'বিক্রেতাকে প্রশ্ন করুন' });
      await userEvent.type(within(dialog).getByRole('textbox', { name: /আপনার প্রশ্ন/ }), 'দাম কত?');
      expect(within(dialog).getByText('২,০০০ অক্ষরের মধ্যে ৭')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'প্রশ্ন পাঠান' })).toBeInTheDocument();
    } finally {
      useAuthStore.getState().setLanguage('en');
    }
  });
});
