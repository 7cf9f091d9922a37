import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import type { PayoutMethod } from 'shared-contracts/money';
import { renderPage, signIn } from '@/test/render';
import { answer, reply } from 'web-testing/fake-api';
import { PayoutMethodDialog } from './PayoutMethodDialog';

const saved = (over: Partial<PayoutMethod> = {}): PayoutMethod => ({
  kind: 'nagad',
  masked: 'Nagad ••••••••678',
  accountName: null,
  updatedAt: '2026-04-05T09:00:00.000Z',
  ...over,
});

const open = (method: PayoutMethod | null = null) => {
  const onClose = vi.fn();
  renderPage(<PayoutMethodDialog uid="uid-seller" method={method} onClose={onClose} />);
  return onClose;
};

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save payout method' }));

describe('the payout method form', () => {
  beforeEach(() => signIn('seller'));

  it("refuses a wrong wallet number with the schema's sentence, and sends nothing", async () => {
    const api = answer({});
    open();
    expect(screen.getByRole('radio', { name: 'bKash' })).toBeChecked();
    await save();
    expect(await screen.findByText('Enter the wallet’s mobile number')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/bKash number/), '01212345678');
    await save();
    expect(
      await screen.findByText('Enter an 11-digit mobile number starting with 013–019'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/bKash number/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.count('PUT', '/payout-method')).toBe(0);
  });

  it('saves a wallet, sending only its digits', async () => {
    const api = answer({ 'PUT /payout-method': saved() });
    const onClose = open();
    await userEvent.click(screen.getByRole('radio', { name: 'Nagad' }));
    await userEvent.type(screen.getByLabelText(/Nagad number/), '01812-345 678');
    await save();
    expect(await screen.findByText('Payout method saved')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      kind: 'nagad',
      walletNumber: '01812345678',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('asks a bank account for its five fields and refuses an 8-digit routing number', async () => {
    const api = answer({
      'PUT /payout-method': saved({
        kind: 'bank',
        masked: 'Dutch-Bangla Bank, Gulshan, ••••••4321',
        accountName: 'Rahim Uddin',
      }),
    });
    open();
    await userEvent.click(screen.getByRole('radio', { name: 'Bank account' }));
    await userEvent.type(screen.getByLabelText(/Account name/), 'Rahim Uddin');
    await userEvent.type(screen.getByLabelText(/Account number/), '12345');
    await userEvent.type(screen.getByRole('textbox', { name: 'Bank' }), 'Dutch-Bangla Bank');
    await userEvent.type(screen.getByLabelText(/Branch/), 'Gulshan');
    await userEvent.type(screen.getByLabelText(/Routing number/), '09026123');
    await save();
    expect(await screen.findByText('Enter the 9-digit routing number')).toBeInTheDocument();
    expect(screen.getByText('Enter the account number, 6 to 20 digits')).toBeInTheDocument();
    expect(api.count('PUT', '/payout-method')).toBe(0);

    await userEvent.type(screen.getByLabelText(/Account number/), '4321');
    await userEvent.type(screen.getByLabelText(/Routing number/), '4');
    await save();
    expect(await screen.findByText('Payout method saved')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      kind: 'bank',
      accountName: 'Rahim Uddin',
      accountNumber: '123454321',
      bankName: 'Dutch-Bangla Bank',
      branch: 'Gulshan',
      routingNumber: '090261234',
    });
  });

  it('starts from the saved kind and name, never the number', () => {
    open(saved({ kind: 'bank', accountName: 'Rahim Uddin', masked: 'City Bank, ••••4321' }));
    expect(screen.getByRole('radio', { name: 'Bank account' })).toBeChecked();
    expect(screen.getByLabelText(/Account name/)).toHaveValue('Rahim Uddin');
    expect(screen.getByLabelText(/Account number/)).toHaveValue('');
  });

  it("shows the API's refusal", async () => {
    answer({
      'PUT /payout-method': reply(400, { error: 'bad_request', message: 'walletNumber: not a wallet' }),
    });
    open();
    await userEvent.type(screen.getByLabelText(/bKash number/), '01712345678');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('walletNumber: not a wallet');
  });

  describe('in Bangla', () => {
    beforeEach(() => useAuthStore.getState().setLanguage('bn'));
    afterEach(() => useAuthStore.getState().setLanguage('en'));

    it('names the kinds and the wrong number in Bangla', async () => {
      answer({});
      open();
      await userEvent.click(screen.getByRole('radio', { name: 'রকেট' }));
      await userEvent.type(screen.getByLabelText(/রকেট নম্বর/), '0171234');
      await userEvent.click(screen.getByRole('button', { name: 'পেআউট পদ্ধতি সংরক্ষণ করুন' }));
      await waitFor(() =>
        expect(screen.getByText('০১৩–০১৯ দিয়ে শুরু হওয়া ১১ অঙ্কের মোবাইল নম্বর লিখুন')).toBeInTheDocument(),
      );
    });
  });
});
