import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchResult } from 'shared-contracts/search';
import { buyer, makeProduct, renderWithProviders, setSession } from '@/test/render';
import { answer as answerApi, reply } from 'web-testing/fake-api';
import SearchPage from './SearchPage';

const categories = [
  { id: '01', _id: '01', name: 'Dell' },
  { id: '03', _id: '03', name: 'Lenovo' },
];

const answer = (overrides: Partial<SearchResult> = {}) => ({
  status: 200,
  body: {
    items: [],
    nextCursor: null,
    total: 0,
    totalIsEstimate: false,
    sort: 'relevance',
    facets: null,
    relax: [],
    correctedQuery: null,
    ...overrides,
  } satisfies SearchResult,
});

function renderSearch(url: string, search: { status: number; body?: unknown }) {
  const { calls } = answerApi({
    'GET /category': categories,
    'GET /search': reply(search.status, search.body),
  });
  const view = renderWithProviders(<SearchPage />, { path: '/search', url });
  const searches = () =>
    calls.filter((c) => c.url.includes('/search?')).map((c) => c.url.split('/search?')[1]);
  return { ...view, searches };
}

beforeEach(() => setSession(buyer));

describe('SearchPage', () => {
  it('asks the API for what the URL says, after dropping what the API would refuse', async () => {
    const { searches } = renderSearch(
      '/search?q=i5+16gb&maxPrice=abc&cpu=intel-core-i5,pentium&minRam=16&sort=cheapest',
      answer({ items: [makeProduct({ productName: 'ThinkPad T14' })], total: 1 }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '1 laptop' })).toBeInTheDocument();
    expect(screen.getByText('for “i5 16gb”')).toBeInTheDocument();
    expect(searches()).toEqual(['q=i5+16gb&minRam=16&cpu=intel-core-i5']);
    const sidebar = screen.getByRole('complementary', { name: 'Filters' });
    expect(within(sidebar).getByRole('checkbox', { name: 'Intel Core i5' })).toBeChecked();
    expect(within(sidebar).getByRole('combobox', { name: 'Minimum RAM' })).toHaveValue('16');
  });

  it('says which words it searched for when it corrected a typo', async () => {
    renderSearch(
      '/search?q=thinkpd',
      answer({ items: [makeProduct({ productName: 'ThinkPad T14' })], total: 1, correctedQuery: 'thinkpad' }),
    );
    expect(await screen.findByText('for “thinkpad” (you typed “thinkpd”)')).toBeInTheDocument();
  });

  it('shows "about N" for an estimated total and counts beside the values', async () => {
    renderSearch(
      '/search',
      answer({
        items: [makeProduct()],
        total: 98_000,
        totalIsEstimate: true,
        nextCursor: 'next',
        facets: { category: [], condition: [{ value: 'Good', count: 12 }], cpu: [], ram: [] },
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'about 98,000 laptops' }),
    ).toBeInTheDocument();
    const sidebar = screen.getByRole('complementary', { name: 'Filters' });
    expect(within(sidebar).getByRole('checkbox', { name: 'Good (12)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show more laptops' })).toBeInTheDocument();
  });

  it('keeps the counts beside a ticked group, so its other values say what they would add', async () => {
    renderSearch(
      '/search?condition=Good',
      answer({
        items: [makeProduct()],
        total: 12,
        facets: {
          category: [],
          condition: [
            { value: 'Good', count: 12 },
            { value: 'Fair', count: 3 },
          ],
          cpu: [],
          ram: [],
        },
      }),
    );
    const sidebar = await screen.findByRole('complementary', { name: 'Filters' });
    expect(await within(sidebar).findByRole('checkbox', { name: 'Good (12)' })).toBeChecked();
    expect(within(sidebar).getByRole('checkbox', { name: 'Fair (3)' })).not.toBeChecked();
  });

  it('a ticked box goes into the URL as a new history entry', async () => {
    const { router } = renderSearch('/search?q=dell', answer({ items: [makeProduct()], total: 1 }));
    const sidebar = await screen.findByRole('complementary', { name: 'Filters' });
    await userEvent.click(within(sidebar).getByRole('checkbox', { name: 'Excellent' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/search?q=dell&condition=Excellent'),
    );
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=dell$/));
    expect(within(sidebar).getByRole('checkbox', { name: 'Excellent' })).not.toBeChecked();
  });

  it('a typed price reaches the URL once typing pauses: one history entry, however long the typing', async () => {
    const { router } = renderSearch('/search', answer({ items: [makeProduct()], total: 1 }));
    const sidebar = await screen.findByRole('complementary', { name: 'Filters' });
    const maxPrice = within(sidebar).getByRole('textbox', { name: 'Max price' });
    await userEvent.type(maxPrice, '45');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/search?maxPrice=45'));
    expect(router.state.historyAction).toBe('PUSH');
    await userEvent.type(maxPrice, '0');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/search?maxPrice=450'));
    expect(router.state.historyAction).toBe('REPLACE');
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/search$/));
    expect(maxPrice).toHaveValue('');
  });

  it('does not send a price range whose ends cross, and says why', async () => {
    renderSearch('/search?maxPrice=300', answer({ items: [makeProduct()], total: 1 }));
    const sidebar = await screen.findByRole('complementary', { name: 'Filters' });
    await userEvent.type(within(sidebar).getByRole('textbox', { name: 'Min price' }), '500');
    expect(await within(sidebar).findByText('Max price is below min price')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?maxPrice=300$/);
  });

  it('with nothing found, offers to drop the filter that would find the most', async () => {
    const { searches } = renderSearch(
      '/search?q=thinkpad&cpu=apple-m1&maxPrice=100',
      answer({
        relax: [
          { filter: 'cpu', total: 12 },
          { filter: 'maxPrice', total: 1 },
        ],
      }),
    );
    expect(await screen.findByText('No laptops match your search')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove the CPU filter (12 laptops)' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=thinkpad&maxPrice=100$/),
    );
    await waitFor(() => expect(searches()).toContain('q=thinkpad&maxPrice=100'));
    expect(screen.getByRole('button', { name: 'Remove the maximum price (1 laptop)' })).toBeInTheDocument();
  });

  it('offers a retry when the search fails', async () => {
    renderSearch('/search?q=x', { status: 500, body: { error: 'internal_error', message: 'boom' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The laptops could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
