import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { product } from '@/test/product';
import { renderPage, signIn } from '@/test/render';
import { answer, reply } from 'web-testing/fake-api';
import CompleteSpecsPage from './CompleteSpecsPage';

const unconfirmed = product('p1', {
  productName: 'Dell XPS 13 i7 16GB 512GB SSD',
  specsConfirmed: false,
  specsRead: {
    processor: 'Intel Core i7',
    cpuFamily: 'Intel Core i7',
    cpuLine: 'intel-core-i7',
    ramGb: 16,
    storageGb: 512,
    storageType: 'SSD',
    screenInches: null,
  },
});

const renderSpecsPage = () =>
  renderPage(
    <Routes>
      <Route path="my-products/:id/specs" element={<CompleteSpecsPage />} />
    </Routes>,
    { route: '/dashboard/my-products/p1/specs' },
  );

describe('Complete the specs', () => {
  beforeEach(() => signIn('seller', 'seller@example.test'));

  it('starts from what was read, asks for the rest, and confirms the specs with a PATCH', async () => {
    const u = userEvent.setup({ delay: null });
    const api = answer({
      'GET /details/p1': unconfirmed,
      'PATCH /add-products/p1': { acknowledged: true, price: 500, showContact: true, specsConfirmed: true },
    });
    renderSpecsPage();
    expect(
      await screen.findByRole('heading', { name: 'Specs of Dell XPS 13 i7 16GB 512GB SSD' }),
    ).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText(/^Processor/)).toHaveValue('Intel Core i7'));
    expect(screen.getByLabelText(/^RAM/)).toHaveValue('16');
    expect(screen.getByLabelText(/^Storage size/)).toHaveValue('512');
    expect(screen.getByLabelText(/^Storage type/)).toHaveValue('SSD');

    await u.click(screen.getByRole('button', { name: 'Save and confirm the specs' }));
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
    expect(screen.getByLabelText(/^Screen size/)).toHaveFocus();

    await u.click(screen.getByLabelText(/^Screen size/));
    await u.paste('13.3');
    await u.selectOptions(screen.getByLabelText(/^Resolution/), '1920x1200');
    await u.click(screen.getByLabelText(/^Graphics/));
    await u.paste('Intel Iris Xe');
    await u.selectOptions(screen.getByLabelText(/^Operating system/), 'Windows 11');
    await u.click(screen.getByRole('button', { name: 'Save and confirm the specs' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/my-products'));
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      specs: {
        processor: 'Intel Core i7',
        ramGb: 16,
        storageGb: 512,
        storageType: 'SSD',
        screenInches: 13.3,
        resolution: '1920x1200',
        graphics: 'Intel Iris Xe',
        batteryHealthPercent: null,
        batteryHealthSource: null,
        os: 'Windows 11',
        warrantyMonths: null,
      },
    });
    expect(await screen.findByText('Specs confirmed')).toBeInTheDocument();
  });

  it('says so when the listing is not the seller’s or is gone', async () => {
    answer({ 'GET /details/p1': reply(404, { error: 'product_not_found', message: 'No product' }) });
    renderSpecsPage();
    expect(await screen.findByText('This listing is not yours or no longer exists.')).toBeInTheDocument();
  });
});
