import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import type { RoleChangeResult } from 'shared-contracts/users';
import { ConfirmDialog } from '@/shared/components/ConfirmDialog';
import { renderPage, signIn } from '@/test/render';
import { answer } from 'web-testing/fake-api';
import type { RoleAction } from '../api/change-role';
import { useConfirmedRoleChange } from './use-confirmed-role-change';

const rina = { _id: 'u1', name: 'Rina', email: 'rina@example.test', roleBeforeAdmin: 'seller' as const };

/** One button that asks about Rina, and the dialog the pages show. */
function RoleChange({ action }: { action: RoleAction }) {
  const { ask, dialogProps } = useConfirmedRoleChange(action);
  return (
    <>
      <button type="button" onClick={() => ask(rina)}>
        ask
      </button>
      <ConfirmDialog {...dialogProps} />
    </>
  );
}

const result = (over: Partial<RoleChangeResult>): RoleChangeResult => ({
  acknowledged: true,
  changed: true,
  email: 'rina@example.test',
  before: 'seller',
  after: 'admin',
  ...over,
});

describe('Role changes in Bangla', () => {
  beforeEach(() => {
    signIn('admin');
    useAuthStore.getState().setLanguage('bn');
  });
  afterEach(() => useAuthStore.getState().setLanguage('en'));

  it('asks before making an admin and says so when done', async () => {
    answer({ 'POST /users/u1/make-admin': result({}) });
    renderPage(<RoleChange action="make-admin" />);
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rina-কে অ্যাডমিন করবেন?' });
    expect(dialog).toHaveTextContent(
      'Rina (rina@example.test) ব্যবহারকারী, বিজ্ঞাপন আর রিপোর্ট সামলাবেন। অ্যাডমিন পাতা থেকে এটি ফিরিয়ে নিতে পারবেন।',
    );
    expect(within(dialog).getByRole('button', { name: 'বাতিল' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'অ্যাডমিন করুন' }));
    expect(await screen.findByText('rina@example.test এখন অ্যাডমিন।')).toBeInTheDocument();
  });

  it('asks before revoking, naming the role given back, and toasts the new role in Bangla', async () => {
    answer({ 'POST /users/u1/revoke-admin': result({ before: 'admin', after: 'seller' }) });
    renderPage(<RoleChange action="revoke-admin" />);
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rina-কে অ্যাডমিন থেকে সরাবেন?' });
    expect(dialog).toHaveTextContent('Rina (rina@example.test) আবার বিক্রেতা হবেন।');
    await userEvent.click(within(dialog).getByRole('button', { name: 'অ্যাডমিন থেকে সরান' }));
    expect(await screen.findByText('rina@example.test আর অ্যাডমিন নন (এখন বিক্রেতা)।')).toBeInTheDocument();
  });

  it('says when nothing changed', async () => {
    answer({ 'POST /users/u1/make-admin': result({ changed: false, before: 'admin' }) });
    renderPage(<RoleChange action="make-admin" />);
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'অ্যাডমিন করুন' }),
    );
    expect(
      await screen.findByText('কোনো বদল হয়নি: rina@example.test আগে থেকেই অ্যাডমিন।'),
    ).toBeInTheDocument();
  });
});

describe('Role changes in English', () => {
  beforeEach(() => signIn('admin'));

  it('keeps the English toast when nothing changed', async () => {
    answer({ 'POST /users/u1/revoke-admin': result({ changed: false, before: 'buyer', after: 'buyer' }) });
    renderPage(<RoleChange action="revoke-admin" />);
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke admin' }),
    );
    expect(await screen.findByText('No change: rina@example.test is already a buyer.')).toBeInTheDocument();
  });
});
