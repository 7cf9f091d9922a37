import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import DashboardApp from './DashboardApp';
import { dispute } from '@/test/money-fixtures';
import { renderPage, signIn } from '@/test/render';
import { answer } from 'web-testing/fake-api';

describe('the Disputes link in the drawer', () => {
  beforeEach(() => signIn('admin'));

  it('counts the open disputes, from the answer the queue shows', async () => {
    const api = answer({ 'GET /disputes': [dispute('d1'), dispute('d2')] });
    renderPage(<DashboardApp />, { route: '/dashboard/disputes' });
    const links = await screen.findAllByRole('link', { name: 'Disputes 2 open' });
    expect(links[0]).toHaveAttribute('href', '/dashboard/disputes');
    expect(await screen.findByRole('table', { name: 'Open disputes' })).toBeInTheDocument();
    // The drawer and the queue share one request.
    expect(api.count('GET', '/disputes')).toBe(1);
  });

  it('shows no badge without open disputes', async () => {
    answer({ 'GET /disputes': [] });
    renderPage(<DashboardApp />, { route: '/dashboard/disputes' });
    expect(await screen.findByText('No open disputes')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Disputes' }).length).toBeGreaterThan(0);
  });
});
