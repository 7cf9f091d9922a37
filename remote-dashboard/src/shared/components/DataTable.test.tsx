import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { viewport } from '../../test/setup';
import { DataTable, sortRows, type Column, type TableQuery } from './DataTable';

interface Row {
  id: string;
  name: string;
  price: number;
}

const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', sortValue: (r) => r.name, render: (r) => r.name },
  { key: 'price', header: 'Price', sortValue: (r) => r.price, render: (r) => `$${r.price}` },
  { key: 'act', header: 'Action', action: true, render: (r) => <button type="button">Do {r.name}</button> },
];

const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `r${i}`,
    name: `Item ${String.fromCharCode(65 + ((i * 7) % 26))}${i}`,
    price: (i * 37) % 100,
  }));

const ready = (data: Row[]): TableQuery<Row> => ({
  data,
  isPending: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
});

function renderTable(query: TableQuery<Row>) {
  return renderPage(
    <DataTable
      label="Things"
      columns={columns}
      query={query}
      rowKey={(r) => r.id}
      numbered
      emptyTitle="Nothing here"
    />,
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Things' }))
    .getAllByRole('row')
    .slice(1);

describe('DataTable', () => {
  it('sorts numbers numerically and strings case-insensitively, keeping equal rows in order', () => {
    const data = [
      { id: 'a', name: 'beta', price: 10 },
      { id: 'b', name: 'Alpha', price: 9 },
      { id: 'c', name: 'alpha', price: 100 },
    ];
    expect(sortRows(data, columns, { key: 'price', direction: 'ascending' }).map((r) => r.id)).toEqual([
      'b',
      'a',
      'c',
    ]);
    expect(sortRows(data, columns, { key: 'name', direction: 'ascending' }).map((r) => r.id)).toEqual([
      'b',
      'c',
      'a',
    ]);
    expect(sortRows(data, columns, { key: 'name', direction: 'descending' }).map((r) => r.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('sorts when a header is pressed and says so with aria-sort', async () => {
    renderTable(
      ready([
        { id: 'x', name: 'X', price: 5 },
        { id: 'y', name: 'Y', price: 1 },
      ]),
    );
    const priceHeader = screen.getByRole('columnheader', { name: /price/i });
    expect(priceHeader).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(priceHeader).getByRole('button'));
    expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyRows()[0]).toHaveTextContent('Y');
    await userEvent.click(within(priceHeader).getByRole('button'));
    expect(priceHeader).toHaveAttribute('aria-sort', 'descending');
    expect(bodyRows()[0]).toHaveTextContent('X');
  });

  it('pages long lists ten rows at a time with running numbers', async () => {
    renderTable(ready(rows(23)));
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Showing 1–10 of 23')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(bodyRows()).toHaveLength(3);
    expect(bodyRows()[0]).toHaveTextContent(/^21/);
    expect(screen.getByText('Showing 21–23 of 23')).toBeInTheDocument();
  });

  it('shows no pager for a short list', () => {
    renderTable(ready(rows(4)));
    expect(screen.queryByRole('button', { name: '2' })).not.toBeInTheDocument();
  });

  it('has loading, empty and error states; the error offers a retry', async () => {
    const { unmount } = renderTable({
      data: undefined,
      isPending: true,
      isError: false,
      error: null,
      refetch: vi.fn(),
    });
    expect(screen.getByRole('status', { name: 'Loading things' })).toBeInTheDocument();
    unmount();

    const empty = renderTable(ready([]));
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    empty.unmount();

    const refetch = vi.fn();
    renderTable({ data: undefined, isPending: false, isError: true, error: new Error('API down'), refetch });
    expect(screen.getByRole('alert')).toHaveTextContent('API down');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('renders stacked cards with labelled fields and a sort picker on a phone', async () => {
    viewport.phone = true;
    renderTable(
      ready([
        { id: 'x', name: 'X', price: 5 },
        { id: 'y', name: 'Y', price: 1 },
      ]),
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Price')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'Do X' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'price');
    expect(
      within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem')[0],
    ).toHaveTextContent('Y');
  });

  it('filters rows with the search box', async () => {
    renderPage(
      <DataTable
        label="Things"
        columns={columns}
        query={ready([
          { id: 'x', name: 'Dell XPS', price: 5 },
          { id: 'y', name: 'HP Envy', price: 1 },
        ])}
        rowKey={(r) => r.id}
        emptyTitle="Nothing here"
        searchText={(r) => r.name}
      />,
    );
    await userEvent.type(screen.getByLabelText('Search things'), 'xps');
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('Dell XPS');
    await userEvent.clear(screen.getByLabelText('Search things'));
    await userEvent.type(screen.getByLabelText('Search things'), 'mac');
    expect(screen.getByText('Nothing matches “mac”.')).toBeInTheDocument();
  });
});
