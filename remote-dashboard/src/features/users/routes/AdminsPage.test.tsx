import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Admin } from 'shared-contracts/users';
import { renderPage, signIn } from '@/test/render';
import { answer, reply } from 'web-testing/fake-api';
import AdminsPage from './AdminsPage';

const admin = (id: string, name: string, roleBeforeAdmin: Admin['roleBeforeAdmin']): Admin => ({
  _id: id,
  name,
  email: `${id}@example.test`,
  url: null,
  role: 'admin',
  roleBeforeAdmin,
});

describe('Admins', () => {
  beforeEach(() => signIn('admin'));

  it('lists admins with the role revoking gives back, asks, revokes and toasts', async () => {
    let admins = [admin('a1', 'Ayesha', 'buyer'), admin('a2', 'Rina', 'seller')];
    const api = answer({
      'GET /admin': () => admins,
      'POST /users/a2/revoke-admin': () => {
        admins = admins.filter((a) => a._id !== 'a2');
        return {
          acknowledged: true,
          changed: true,
          email: 'a2@example.test',
          before: 'admin',
          after: 'seller',
        };
      },
    });
    renderPage(<AdminsPage />);
    const table = await screen.findByRole('table', { name: 'Admins' });
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('seller');

    await userEvent.click(screen.getByRole('button', { name: 'Revoke admin from Rina' }));
    const dialog = await screen.findByRole('dialog', { name: "Revoke Rina's admin role?" });
    expect(dialog).toHaveTextContent('becomes a seller again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke admin' }));
    expect(
      await screen.findByText('a2@example.test is no longer an admin (now seller).'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Revoke admin from Rina' })).not.toBeInTheDocument(),
    );
    expect(api.count('POST', '/users/a2/revoke-admin')).toBe(1);
  });

  it('shows the API’s refusal to revoke the last admin', async () => {
    const message =
      'a1@example.test is the last admin: make another admin first, so the site always keeps one.';
    answer({
      'GET /admin': [admin('a1', 'Ayesha', 'buyer')],
      'POST /users/a1/revoke-admin': reply(409, { error: 'last_admin', message }),
    });
    renderPage(<AdminsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke admin from Ayesha' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke admin' }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke admin from Ayesha' })).toBeInTheDocument();
  });
});
