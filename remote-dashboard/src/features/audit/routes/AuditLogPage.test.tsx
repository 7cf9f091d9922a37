import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from 'shared-contracts/audit';
import { mockApi, page, renderPage, signIn } from '@/test/render';
import AuditLogPage from './AuditLogPage';

const entry = (id: string, over: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: id,
  actor: 'admin@example.test',
  actorId: 'u-admin',
  action: 'role.grant-admin',
  targetType: 'user',
  targetId: `u-${id}`,
  targetLabel: `${id}@example.test`,
  before: { role: 'buyer' },
  after: { role: 'admin' },
  createdAt: '2026-04-02T09:00:00.000Z',
  ...over,
});

describe('Audit log', () => {
  beforeEach(() => signIn('admin'));

  it('shows 20 entries a page with the total, and searches on the server', async () => {
    const api = mockApi({
      'GET /audit-log': ({ url }) =>
        url.searchParams.get('q')
          ? [entry('found')]
          : page(
              Array.from({ length: 20 }, (_, i) => entry(`e${i}`)),
              45,
            ),
    });
    renderPage(<AuditLogPage />);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Made admin');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('role: buyer');
    expect(screen.getByText('Showing 1–20 of 45')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search audit log'), 'found@');
    await waitFor(() => expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument());
    expect(api.calls.map((c) => c.query.toString())).toEqual([
      'page=1&limit=20&sort=createdAt&order=desc',
      'page=1&limit=20&sort=createdAt&order=desc&q=found%40',
    ]);
  });

  it('says when no admin has acted yet', async () => {
    mockApi({ 'GET /audit-log': [] });
    renderPage(<AuditLogPage />);
    expect(await screen.findByText('No admin actions yet')).toBeInTheDocument();
  });
});
