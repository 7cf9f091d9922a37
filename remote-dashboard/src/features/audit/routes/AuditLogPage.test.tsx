import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import type { AuditEntry } from 'shared-contracts/audit';
import { renderPage, signIn } from '@/test/render';
import { answer, page } from 'web-testing/fake-api';
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
    const api = answer({
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
    answer({ 'GET /audit-log': [] });
    renderPage(<AuditLogPage />);
    expect(await screen.findByText('No admin actions yet')).toBeInTheDocument();
  });

  describe('in Bangla', () => {
    beforeEach(() => useAuthStore.getState().setLanguage('bn'));
    afterEach(() => useAuthStore.getState().setLanguage('en'));

    it('names the actions, targets and changed fields in Bangla, with the moment and totals in Bangla digits', async () => {
      const at = new Date(2026, 3, 2, 15, 4, 5).toISOString();
      answer({
        'GET /audit-log': page(
          [
            entry('e1', { createdAt: at }),
            entry('e2', {
              action: 'report.remove-listing',
              targetType: 'report',
              targetLabel: 'ThinkPad T480',
              before: { status: 'open' },
              after: { status: 'removed', productId: 'p-42', listingDeleted: true },
            }),
          ],
          45,
        ),
      });
      renderPage(<AuditLogPage />);
      const table = await screen.findByRole('table', { name: 'কার্যক্রমের খাতা' });
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[↕▲▼]/g, '').trim());
      expect(headers).toEqual(['কখন', 'কে', 'কাজ', 'লক্ষ্য', 'আগে', 'পরে']);
      const [granted, removed] = within(table).getAllByRole('row').slice(1);
      expect(granted).toHaveTextContent('২ এপ্রি, ২০২৬, ১৫:০৪:০৫');
      expect(granted).toHaveTextContent('অ্যাডমিন করা হয়েছে');
      expect(granted).toHaveTextContent('e1@example.test (ব্যবহারকারী)');
      expect(granted).toHaveTextContent('ভূমিকা: ক্রেতা');
      expect(granted).toHaveTextContent('ভূমিকা: অ্যাডমিন');
      expect(removed).toHaveTextContent('রিপোর্ট করা বিজ্ঞাপন সরানো হয়েছে');
      expect(removed).toHaveTextContent('ThinkPad T480 (রিপোর্ট)');
      expect(removed).toHaveTextContent('অবস্থা: খোলা');
      expect(removed).toHaveTextContent('অবস্থা: সরানো হয়েছে, বিজ্ঞাপনের আইডি: p-42, বিজ্ঞাপন মুছে ফেলা: হ্যাঁ');
      expect(screen.getByText('৪৫টির মধ্যে ১–২')).toBeInTheDocument();
    });

    it('says in Bangla when no admin has acted yet', async () => {
      answer({ 'GET /audit-log': [] });
      renderPage(<AuditLogPage />);
      expect(await screen.findByText('অ্যাডমিনরা এখনও কিছু করেননি')).toBeInTheDocument();
    });
  });
});
