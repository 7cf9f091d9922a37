import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { answer, page, reply, type RequestLog } from 'web-testing/fake-api';
import { viewport } from '@/test/setup';
import { useListParams } from '../hooks/use-list-params';
import { apiListQuery, type ListSpec } from '../lib/list-params';
import { DataTable, type Column } from './DataTable';

interface Row {
  id: string;
  name: string;
  price: number;
  createdAt: string;
}

const SPEC: ListSpec = { sorts: { createdAt: 'desc', name: 'asc', price: 'asc' }, pageSize: 10 };

const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', sortKey: 'name', render: (r) => r.name },
  { key: 'price', header: 'Price', sortKey: 'price', render: (r) => `$${r.price}` },
  { key: 'act', header: 'Action', action: true, render: (r) => <button type="button">Do {r.name}</button> },
];

const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `r${i}`,
    name: `Item ${String.fromCharCode(65 + ((i * 7) % 26))}${i}`,
    price: (i * 37) % 100,
    createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  }));

/**
 * What the API does for a list (the list contract): sort with ties broken by id, search, page,
 * total in X-Total-Count. It stands in for the network; the table only ever sees its answers.
 */
function serve(all: Row[], url: URL) {
  const q = url.searchParams;
  const key = (q.get('sort') ?? 'createdAt') as keyof Row;
  const factor = q.get('order') === 'asc' ? 1 : -1;
  const needle = (q.get('q') ?? '').toLowerCase();
  const matched = all
    .filter((r) => r.name.toLowerCase().includes(needle))
    .sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.id < b.id ? -1 : 1) * factor);
  const limit = Number(q.get('limit'));
  const offset = (Number(q.get('page')) - 1) * limit;
  return page(matched.slice(offset, offset + limit), matched.length);
}

/** A list page as the dashboard builds one: URL state, one query per page view, the table. */
function Things() {
  const list = useListParams(SPEC);
  const query = useQuery({
    queryKey: ['things', list.params],
    queryFn: () => apiRequestPage<Row>(`/things?${apiListQuery(SPEC, list.params)}`),
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable
      label="Things"
      columns={columns}
      query={query}
      list={list}
      rowKey={(r) => r.id}
      numbered
      emptyTitle="Nothing here"
      searchPlaceholder="Name"
    />
  );
}

const renderThings = (route = '/dashboard') => renderPage(<Things />, { route });

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Things' }))
    .getAllByRole('row')
    .slice(1);
const urlSearch = () => screen.getByTestId('location-search').textContent;
const requests = (api: RequestLog) =>
  api.calls.filter((c) => c.path === '/things').map((c) => c.query.toString());

describe('DataTable (controlled by the server and the URL)', () => {
  it('shows the first page after one request, with running numbers and the server total', async () => {
    const api = answer({ 'GET /things': ({ url }) => serve(rows(23), url) });
    renderThings();
    await screen.findByRole('table', { name: 'Things' });
    expect(bodyRows()).toHaveLength(10);
    expect(within(bodyRows()[0]!).getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(screen.getByText('Showing 1–10 of 23')).toBeInTheDocument();
    expect(requests(api)).toEqual(['page=1&limit=10&sort=createdAt&order=desc']);
  });

  it('pages on the server, keeps the page in the URL, and Back returns to the page before', async () => {
    const api = answer({ 'GET /things': ({ url }) => serve(rows(23), url) });
    renderThings();
    await screen.findByRole('table', { name: 'Things' });
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('Showing 21–23 of 23')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(3);
    expect(bodyRows()[0]).toHaveTextContent(/^21/);
    expect(urlSearch()).toBe('?page=3');
    expect(requests(api).at(-1)).toBe('page=3&limit=10&sort=createdAt&order=desc');

    fireEvent.click(screen.getByText('Browser back'));
    expect(await screen.findByText('Showing 1–10 of 23')).toBeInTheDocument();
    expect(urlSearch()).toBe('');
  });

  it('sorts on the server when a header is pressed and says so with aria-sort', async () => {
    const api = answer({ 'GET /things': ({ url }) => serve(rows(23), url) });
    renderThings();
    await screen.findByRole('table', { name: 'Things' });
    const priceHeader = screen.getByRole('columnheader', { name: /price/i });
    expect(priceHeader).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(priceHeader).getByRole('button'));
    await waitFor(() => expect(priceHeader).toHaveAttribute('aria-sort', 'ascending'));
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('$0'));
    expect(urlSearch()).toBe('?sort=price&order=asc');
    await userEvent.click(within(priceHeader).getByRole('button'));
    await waitFor(() => expect(priceHeader).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('$96'));
    expect(requests(api)).toEqual([
      'page=1&limit=10&sort=createdAt&order=desc',
      'page=1&limit=10&sort=price&order=asc',
      'page=1&limit=10&sort=price&order=desc',
    ]);
  });

  it('opens the view a shared link or a reload names: page, sort, order and search', async () => {
    const api = answer({ 'GET /things': ({ url }) => serve(rows(23), url) });
    renderThings('/dashboard?page=2&sort=name&order=desc&q=item');
    expect(await screen.findByText('Showing 11–20 of 23')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /name/i })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByLabelText('Search things')).toHaveValue('item');
    expect(requests(api)).toEqual(['page=2&limit=10&sort=name&order=desc&q=item']);
  });

  it('ignores what it does not know in the URL instead of sending it', async () => {
    const api = answer({ 'GET /things': ({ url }) => serve(rows(3), url) });
    renderThings('/dashboard?page=-4&sort=password&order=sideways');
    await screen.findByRole('table', { name: 'Things' });
    expect(requests(api)).toEqual(['page=1&limit=10&sort=createdAt&order=desc']);
  });

  it('searches on the server once typing pauses, from page 1, and says when nothing matches', async () => {
    const data = [
      { id: 'x', name: 'Dell XPS', price: 5, createdAt: '2026-01-02T00:00:00.000Z' },
      { id: 'y', name: 'HP Envy', price: 1, createdAt: '2026-01-01T00:00:00.000Z' },
    ];
    const api = answer({ 'GET /things': ({ url }) => serve(data, url) });
    renderThings('/dashboard?page=1');
    await screen.findByRole('table', { name: 'Things' });
    await userEvent.type(screen.getByLabelText('Search things'), '  xps');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]).toHaveTextContent('Dell XPS');
    // One request for the word, not one per key.
    expect(requests(api)).toEqual([
      'page=1&limit=10&sort=createdAt&order=desc',
      'page=1&limit=10&sort=createdAt&order=desc&q=xps',
    ]);
    expect(urlSearch()).toBe('?q=xps');

    await userEvent.clear(screen.getByLabelText('Search things'));
    await userEvent.type(screen.getByLabelText('Search things'), 'mac');
    expect(await screen.findByText('Nothing matches “mac”.')).toBeInTheDocument();
    // The box stays, so the search can be changed.
    expect(screen.getByLabelText('Search things')).toHaveValue('mac');
  });

  it('keeps the current page on screen, marked busy, while the next one loads', async () => {
    let release: () => void = () => {};
    answer({
      'GET /things': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? new Promise((resolve) => {
              release = () => resolve(serve(rows(23), url));
            })
          : serve(rows(23), url),
    });
    renderThings();
    await screen.findByRole('table', { name: 'Things' });
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Loading page 2…')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(bodyRows()[0]).toHaveTextContent(/^1/);
    expect(screen.getByRole('table', { name: 'Things' }).closest('[aria-busy]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await act(async () => release());
    expect(await screen.findByText('Showing 11–20 of 23')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent(/^11/);
  });

  it('goes to the last page when the one asked for is past the end', async () => {
    answer({ 'GET /things': ({ url }) => serve(rows(23), url) });
    renderThings('/dashboard?page=9');
    expect(await screen.findByText('Showing 21–23 of 23')).toBeInTheDocument();
    expect(urlSearch()).toBe('?page=3');
  });

  it('shows no pager for a short list', async () => {
    answer({ 'GET /things': ({ url }) => serve(rows(4), url) });
    renderThings();
    await screen.findByRole('table', { name: 'Things' });
    expect(screen.queryByRole('button', { name: '2' })).not.toBeInTheDocument();
  });

  it('has loading, empty and error states; the error offers a retry', async () => {
    let fail = true;
    answer({
      'GET /things': ({ url }) =>
        fail ? reply(500, { error: 'internal_error', message: 'API down' }) : serve([], url),
    });
    renderThings();
    expect(screen.getByRole('status', { name: 'Loading things' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('API down');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing here')).toBeInTheDocument();
  });

  it('renders stacked cards with labelled fields and a sort picker on a phone', async () => {
    viewport.phone = true;
    const api = answer({ 'GET /things': ({ url }) => serve(rows(2), url) });
    renderThings();
    const list = await screen.findByRole('list', { name: 'Things' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Price')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: /^Do Item/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toHaveValue('');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'price');
    await waitFor(() => expect(requests(api).at(-1)).toBe('page=1&limit=10&sort=price&order=asc'));
    await userEvent.click(screen.getByRole('button', { name: 'Sort descending' }));
    await waitFor(() => expect(requests(api).at(-1)).toBe('page=1&limit=10&sort=price&order=desc'));
    expect(urlSearch()).toBe('?sort=price&order=desc');
  });
});
