import { useMemo, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { errorMessage } from '../lib/format';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Makes the column sortable; strings compare case-insensitively, numbers numerically. */
  sortValue?: (row: T) => string | number;
  /** Action columns: shown as a button row at the bottom of a phone card, without a label. */
  action?: boolean;
  /** Keeps short values (prices, dates, phone numbers, badges) on one line; action columns always do. */
  nowrap?: boolean;
}

export type SortDirection = 'ascending' | 'descending';
export interface SortState {
  key: string;
  direction: SortDirection;
}

/** The parts of a TanStack query result the table reads. */
export interface TableQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface DataTableProps<T> {
  /** Accessible name of the table, e.g. 'All sellers'. */
  label: string;
  columns: Column<T>[];
  query: TableQuery<T>;
  rowKey: (row: T) => string;
  /** Adds the running-number column the spec's tables start with. */
  numbered?: boolean;
  emptyTitle: string;
  emptyDescription?: ReactNode;
  /** A button or link shown under the empty state, e.g. 'Add a product'. */
  emptyAction?: ReactNode;
  pageSize?: number;
  initialSort?: SortState;
  /** Adds a filter box matching this text of each row (case-insensitive). */
  searchText?: (row: T) => string;
}

export const DEFAULT_PAGE_SIZE = 10;
// Mantine's `sm` breakpoint: below it the drawer collapses and rows become stacked cards.
export const PHONE_QUERY = '(max-width: 47.99em)';

export function sortRows<T>(rows: T[], columns: Column<T>[], sort: SortState | null): T[] {
  const column = sort && columns.find((c) => c.key === sort.key);
  if (!sort || !column?.sortValue) return rows;
  const value = column.sortValue;
  const factor = sort.direction === 'ascending' ? 1 : -1;
  // Array.prototype.sort is stable, so equal values keep the server's order.
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).localeCompare(String(y), undefined, { sensitivity: 'base', numeric: true });
    return order * factor;
  });
}

const nextDirection = (current: SortState | null, key: string): SortDirection =>
  current?.key === key && current.direction === 'ascending' ? 'descending' : 'ascending';

/**
 * Every dashboard list: loading skeleton, error with retry, empty state, sortable headers,
 * client-side pages, and stacked cards on phones (a wide table is unusable at 390 px).
 */
export function DataTable<T>({
  label,
  columns,
  query,
  rowKey,
  numbered = false,
  emptyTitle,
  emptyDescription,
  emptyAction,
  pageSize = DEFAULT_PAGE_SIZE,
  initialSort,
  searchText,
}: DataTableProps<T>) {
  // Read synchronously so a phone never renders the table first and then swaps (no layout shift).
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [sort, setSort] = useState<SortState | null>(initialSort ?? null);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');

  const filtered = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const rows = query.data ?? [];
    return needle && searchText ? rows.filter((row) => searchText(row).toLowerCase().includes(needle)) : rows;
  }, [query.data, search, searchText]);
  const sorted = useMemo(() => sortRows(filtered, columns, sort), [filtered, columns, sort]);
  const pageCount = Math.max(1, Math.ceil(sorted.length / pageSize));
  // After a delete the last page can vanish: stay on the last page that exists.
  const currentPage = Math.min(page, pageCount);
  const offset = (currentPage - 1) * pageSize;
  const visible = sorted.slice(offset, offset + pageSize);

  const changeSort = (key: string, direction = nextDirection(sort, key)) => {
    setSort({ key, direction });
    setPage(1);
  };

  if (query.isPending) return <LoadingRows label={label} isPhone={isPhone} />;

  if (query.isError) {
    return (
      <Alert color="red" title={`Could not load ${label.toLowerCase()}`} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(query.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  if ((query.data ?? []).length === 0) {
    return (
      <EmptyState
        py="xl"
        title={emptyTitle}
        description={emptyDescription}
        data-testid="table-empty"
        role="status"
      >
        {emptyAction && <EmptyState.Actions>{emptyAction}</EmptyState.Actions>}
      </EmptyState>
    );
  }

  const sortable = columns.filter((c) => c.sortValue);
  return (
    <Stack gap="md">
      {searchText && (
        <TextInput
          type="search"
          label={`Search ${label.toLowerCase()}`}
          placeholder="Type to filter"
          maw={360}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
      )}
      {sorted.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center" role="status">
          Nothing matches “{search.trim()}”.
        </Text>
      ) : isPhone ? (
        <PhoneCards
          label={label}
          columns={columns}
          rows={visible}
          rowKey={rowKey}
          numbered={numbered}
          offset={offset}
          sortable={sortable}
          sort={sort}
          onSort={changeSort}
        />
      ) : (
        <Table.ScrollContainer minWidth={columns.length * 120} type="native">
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                {numbered && <Table.Th w={56}>#</Table.Th>}
                {columns.map((column) => (
                  <Table.Th
                    key={column.key}
                    style={{ whiteSpace: 'nowrap' }}
                    aria-sort={
                      column.sortValue ? (sort?.key === column.key ? sort.direction : 'none') : undefined
                    }
                  >
                    {column.sortValue ? (
                      <UnstyledButton onClick={() => changeSort(column.key)} fw={700} fz="sm">
                        {column.header}{' '}
                        <SortArrow direction={sort?.key === column.key ? sort.direction : null} />
                      </UnstyledButton>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.map((row, i) => (
                <Table.Tr key={rowKey(row)}>
                  {numbered && <Table.Td>{offset + i + 1}</Table.Td>}
                  {columns.map((column) => (
                    <Table.Td
                      key={column.key}
                      style={column.nowrap || column.action ? { whiteSpace: 'nowrap' } : undefined}
                    >
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {sorted.length > 0 && `Showing ${offset + 1}–${offset + visible.length} of ${sorted.length}`}
        </Text>
        {pageCount > 1 && (
          <Pagination
            total={pageCount}
            value={currentPage}
            onChange={setPage}
            size="sm"
            aria-label={`${label} pages`}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        )}
      </Group>
    </Stack>
  );
}

function SortArrow({ direction }: { direction: SortDirection | null }) {
  const glyph = direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕';
  return (
    <Text span aria-hidden c={direction ? undefined : 'dimmed'} fz="xs">
      {glyph}
    </Text>
  );
}

interface PhoneCardsProps<T> {
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  numbered: boolean;
  offset: number;
  sortable: Column<T>[];
  sort: SortState | null;
  onSort: (key: string, direction?: SortDirection) => void;
}

function PhoneCards<T>({
  label,
  columns,
  rows,
  rowKey,
  numbered,
  offset,
  sortable,
  sort,
  onSort,
}: PhoneCardsProps<T>) {
  const fields = columns.filter((c) => !c.action);
  const actions = columns.filter((c) => c.action);
  return (
    <Stack gap="sm">
      {sortable.length > 0 && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NativeSelect
            label="Sort by"
            flex={1}
            data={[
              { value: '', label: 'Default order' },
              ...sortable.map((c) => ({ value: c.key, label: c.header })),
            ]}
            value={sort?.key ?? ''}
            onChange={(e) =>
              e.currentTarget.value && onSort(e.currentTarget.value, sort?.direction ?? 'ascending')
            }
          />
          <ActionIcon
            size="lg"
            variant="default"
            disabled={!sort}
            aria-label={sort?.direction === 'descending' ? 'Sort ascending' : 'Sort descending'}
            onClick={() =>
              sort && onSort(sort.key, sort.direction === 'ascending' ? 'descending' : 'ascending')
            }
          >
            <SortArrow direction={sort?.direction ?? null} />
          </ActionIcon>
        </Group>
      )}
      {/* role="list": Safari drops list semantics from a list styled without markers. */}
      <Stack component="ul" role="list" gap="sm" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row, i) => (
          <Card component="li" key={rowKey(row)} withBorder padding="sm" radius="md">
            <Box
              component="dl"
              m={0}
              style={{
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                gap: '4px 12px',
                alignItems: 'center',
              }}
            >
              {numbered && <CardField term="#">{offset + i + 1}</CardField>}
              {fields.map((column) => (
                <CardField key={column.key} term={column.header}>
                  {column.render(row)}
                </CardField>
              ))}
            </Box>
            {actions.length > 0 && (
              <Group gap="xs" mt="sm">
                {actions.map((column) => (
                  <Box key={column.key}>{column.render(row)}</Box>
                ))}
              </Group>
            )}
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

function CardField({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </>
  );
}

function LoadingRows({ label, isPhone }: { label: string; isPhone: boolean }) {
  return (
    <Stack gap="sm" role="status" aria-label={`Loading ${label.toLowerCase()}`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} height={isPhone ? 120 : 44} radius="sm" />
      ))}
    </Stack>
  );
}
