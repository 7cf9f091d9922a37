import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import { buyer, makeProduct, renderWithProviders, setSession } from '@/test/render';
import { answer, reply } from 'web-testing/fake-api';
import DetailsPage from './DetailsPage';

const product = makeProduct({ _id: 'p9', productName: 'ThinkPad T14' });

function renderDetails(
  body: unknown,
  {
    ids = [] as string[],
    save = { status: 200, body: { acknowledged: true, saved: true } as unknown },
  }: { ids?: string[]; save?: { status: number; body: unknown } } = {},
) {
  // The saved ids live here as on the server: a PUT or DELETE the API accepts changes what the
  // refetch after it answers, so the heart ends where the real API would leave it.
  let savedIds = [...ids];
  const storeWhenAccepted = (next: string[]) => () => {
    if (save.status < 400) savedIds = next;
    return reply(save.status, save.body);
  };
  const { calls } = answer({
    'GET /details/:id': reply(200, body),
    'GET /saved/ids': () => ({ ids: savedIds }),
    'PUT /saved/p9': storeWhenAccepted(['p9']),
    'DELETE /saved/p9': storeWhenAccepted([]),
    // The signed-in buyer's offer on the listing (OfferPanel): none yet.
    'GET /offers/mine': { offer: null, minimum: 1 },
  });
  renderWithProviders(<DetailsPage />, { path: '/details/:id', url: '/details/p9' });
  return calls;
}

beforeEach(() => setSession(buyer));

describe('DetailsPage: contact details and the Save heart', () => {
  it('hides phone and e-mail when the seller turned them off, and points to messages', async () => {
    renderDetails({ ...product, showContact: false, phone: null, email: null });
    expect(await screen.findByTestId('details-prefers-messages')).toHaveTextContent(
      'The seller prefers messages',
    );
    expect(screen.queryByText('Seller phone')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^mailto:|@/ })).not.toBeInTheDocument();
  });

  it('saves at once (aria-pressed) with a PUT', async () => {
    const calls = renderDetails(product);
    const heart = await screen.findByRole('button', { name: 'Save' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    expect(await screen.findByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/saved/p9'))).toBe(true));
    const put = calls.find((c) => c.url.endsWith('/saved/p9'))!;
    expect(put.method).toBe('PUT');
    expect(put.headers.get('Authorization')).toBe('Bearer test-id-token');
  });

  it('removes a saved laptop with a DELETE', async () => {
    const calls = renderDetails(product, { ids: ['p9'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Saved' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/saved/p9'))?.method).toBe('DELETE'));
  });

  it('shows a saved laptop as saved and puts the heart back when the API refuses', async () => {
    renderDetails(product, {
      ids: ['p9'],
      save: { status: 500, body: { error: 'internal_error', message: 'Something broke' } },
    });
    const heart = await screen.findByRole('button', { name: 'Saved' });
    await userEvent.click(heart);
    // Rolled back: still saved, and the reason is shown.
    expect(await screen.findByText('Something broke')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true'),
    );
  });

  it('sends a signed-out visitor to /login', async () => {
    setSession(null);
    const calls = renderDetails(product);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(calls.some((c) => c.url.includes('/saved'))).toBe(false);
  });

  it('speaks Bangla when the page does', async () => {
    useAuthStore.getState().setLanguage('bn');
    try {
      renderDetails({ ...product, showContact: false, phone: null, email: null }, { ids: ['p9'] });
      expect(await screen.findByRole('button', { name: 'সংরক্ষিত' })).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByTestId('details-prefers-messages')).toHaveTextContent('বিক্রেতা বার্তায় কথা বলতে চান');
    } finally {
      useAuthStore.getState().setLanguage('en');
    }
  });
});
