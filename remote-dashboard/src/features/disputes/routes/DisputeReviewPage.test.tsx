import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { useAuthStore } from 'runtime-kernel';
import { dispute, order } from '@/test/money-fixtures';
import { renderPage, signIn } from '@/test/render';
import { answer, reply } from 'web-testing/fake-api';
import DisputeReviewPage from './DisputeReviewPage';

const review = (id = 'd1') =>
  renderPage(
    <Routes>
      <Route path="disputes/review/:id" element={<DisputeReviewPage />} />
    </Routes>,
    { route: `/dashboard/disputes/review/${id}` },
  );

const choose = (name: string) => userEvent.click(screen.getByRole('radio', { name: new RegExp(`^${name}`) }));
const refundBox = () => screen.getByRole('textbox', { name: /Refund to the buyer/ });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Resolve dispute' }));

describe('Reviewing a dispute (operators)', () => {
  beforeEach(() => signIn('admin'));

  it("shows both sides: the order with its dates, the buyer's reason, text and photos, the seller's handover and conversation", async () => {
    answer({ 'GET /disputes/d1': dispute('d1') });
    review();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dispute about ThinkPad T14' }),
    ).toBeInTheDocument();
    const orderSide = screen.getByRole('region', { name: 'The order' });
    expect(orderSide).toHaveTextContent('Amount৳50,000');
    expect(orderSide).toHaveTextContent('Paid1 Apr 2026');
    expect(orderSide).toHaveTextContent('Handed over2 Apr 2026');
    expect(orderSide).toHaveTextContent('Order number48213007');
    expect(orderSide).toHaveTextContent('disputed');
    const buyer = screen.getByRole('region', { name: 'The buyer’s side: Karim Ahmed' });
    expect(buyer).toHaveTextContent('Not as described');
    expect(buyer).toHaveTextContent('The battery holds 20 minutes');
    expect(within(buyer).getByRole('link', { name: 'Open photo 2 of 2' })).toHaveAttribute(
      'href',
      '/api/v1/images/battery-2.webp',
    );
    const seller = screen.getByRole('region', { name: 'The seller’s side: Rahim Uddin' });
    expect(seller).toHaveTextContent('The seller marked the laptop as handed over on 2 Apr 2026.');
    expect(
      within(seller).getByRole('link', { name: 'Read their conversation about this laptop' }),
    ).toHaveAttribute('href', '/dashboard/messages/conv-1');
  });

  it('keeps a part refund between 1 paisa and the amount less 1 paisa, then resolves after a confirmation', async () => {
    const resolved = dispute('d1', {
      state: 'resolved',
      outcome: 'part-refund',
      refundPaisa: 4_999_999,
      note: 'Battery worn',
      resolvedAt: '2026-04-06T09:00:00.000Z',
      order: order({ funds: 'part-refunded' }),
    });
    let decided = false;
    const api = answer({
      'GET /disputes/d1': () => (decided ? resolved : dispute('d1')),
      'POST /disputes/d1/resolve': () => {
        decided = true;
        return resolved;
      },
    });
    review();
    await screen.findByRole('heading', { level: 1 });
    await choose('Refund part');
    expect(screen.getByText('From ৳0.01 to ৳49,999.99; the rest goes to the seller.')).toBeInTheDocument();
    await submit();
    expect(await screen.findByText('Enter how much to refund')).toBeInTheDocument();
    expect(screen.getByText('Say why in a few words')).toBeInTheDocument();

    await userEvent.type(refundBox(), '50000');
    await userEvent.type(screen.getByRole('textbox', { name: /Note/ }), 'Battery worn');
    await submit();
    expect(await screen.findByText('Enter an amount from ৳0.01 to ৳49,999.99')).toBeInTheDocument();

    await userEvent.clear(refundBox());
    await userEvent.type(refundBox(), '0');
    await submit();
    expect(await screen.findByText('Enter an amount from ৳0.01 to ৳49,999.99')).toBeInTheDocument();
    expect(api.count('POST', '/disputes/d1/resolve')).toBe(0);

    await userEvent.clear(refundBox());
    await userEvent.type(refundBox(), '49999.99');
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Resolve this dispute?' });
    expect(dialog).toHaveTextContent(
      'Karim Ahmed is refunded ৳49,999.99 and the remaining ৳0.01 is released to Rahim Uddin. This cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Dispute resolved; both sides have been told')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      outcome: 'part-refund',
      refundPaisa: 4_999_999,
      note: 'Battery worn',
    });
    // The page now shows the decision instead of the form.
    expect(await screen.findByRole('region', { name: 'Decision' })).toHaveTextContent(
      '৳49,999.99 refunded, the rest released',
    );
    expect(screen.queryByRole('button', { name: 'Resolve dispute' })).not.toBeInTheDocument();
  });

  it('releases to the seller without an amount, and can go back from the confirmation', async () => {
    const api = answer({
      'GET /disputes/d1': dispute('d1'),
      'POST /disputes/d1/resolve': dispute('d1', {
        state: 'resolved',
        outcome: 'release',
        note: 'Working as listed',
      }),
    });
    review();
    await screen.findByRole('heading', { level: 1 });
    await choose('Release to seller');
    expect(screen.queryByRole('textbox', { name: /Refund to the buyer/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Note/ }), 'Working as listed');
    await submit();
    let dialog = await screen.findByRole('dialog', { name: 'Resolve this dispute?' });
    expect(dialog).toHaveTextContent('৳50,000 is released to Rahim Uddin.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.count('POST', '/disputes/d1/resolve')).toBe(0);
    await submit();
    dialog = await screen.findByRole('dialog', { name: 'Resolve this dispute?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(api.count('POST', '/disputes/d1/resolve')).toBe(1));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      outcome: 'release',
      note: 'Working as listed',
    });
  });

  it("shows the API's refusal and keeps the form", async () => {
    answer({
      'GET /disputes/d1': dispute('d1'),
      'POST /disputes/d1/resolve': reply(409, {
        error: 'dispute_resolved',
        message: 'This dispute is already resolved',
      }),
    });
    review();
    await screen.findByRole('heading', { level: 1 });
    await choose('Refund in full');
    await userEvent.type(screen.getByRole('textbox', { name: /Note/ }), 'Never arrived');
    await submit();
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This dispute is already resolved');
    expect(screen.getByRole('button', { name: 'Resolve dispute' })).toBeInTheDocument();
  });

  it('says when the dispute does not exist', async () => {
    answer({ 'GET /disputes/nope': reply(404, { error: 'not_found', message: 'Dispute not found' }) });
    review('nope');
    expect(await screen.findByRole('heading', { name: 'Dispute not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All disputes' })).toHaveAttribute(
      'href',
      '/dashboard/disputes',
    );
  });

  it('shows a resolved dispute’s decision and no form', async () => {
    answer({
      'GET /disputes/d1': dispute('d1', {
        state: 'resolved',
        outcome: 'refund',
        note: 'Never handed over',
        resolvedAt: '2026-04-06T09:00:00.000Z',
        conversationId: null,
        order: order({ funds: 'refunded', handedOverAt: null }),
      }),
    });
    review();
    const decision = await screen.findByRole('region', { name: 'Decision' });
    expect(decision).toHaveTextContent('Refunded in full');
    expect(decision).toHaveTextContent('Note: Never handed over');
    expect(decision).toHaveTextContent('Resolved on 6 Apr 2026');
    expect(screen.getByText('The seller has not marked the laptop as handed over.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve dispute' })).not.toBeInTheDocument();
  });

  describe('in Bangla', () => {
    beforeEach(() => useAuthStore.getState().setLanguage('bn'));
    afterEach(() => useAuthStore.getState().setLanguage('en'));

    it('says the bounds of a part refund in Bangla', async () => {
      answer({ 'GET /disputes/d1': dispute('d1') });
      review();
      await screen.findByRole('heading', { level: 1, name: 'ThinkPad T14 নিয়ে অভিযোগ' });
      await userEvent.click(screen.getByRole('radio', { name: /^আংশিক ফেরত দিন/ }));
      await userEvent.type(screen.getByRole('textbox', { name: /ক্রেতাকে ফেরত/ }), '60000');
      await userEvent.click(screen.getByRole('button', { name: 'অভিযোগ নিষ্পত্তি করুন' }));
      expect(await screen.findByText('৳০.০১ থেকে ৳৪৯,৯৯৯.৯৯-এর মধ্যে একটি পরিমাণ লিখুন')).toBeInTheDocument();
    });
  });
});
