import { useEffect, type ReactNode } from 'react';
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
import type { ApiPage } from 'runtime-kernel';
import type { ListControls } from '../hooks/use-list-params';
import { useSearchDraft } from '../hooks/use-search-draft';
import { errorMessage } from '../lib/error-message';
import { defaultSort, MAX_SEARCH_LENGTH, type SortOrder } from '../lib/list-params';
import { useT } from '@/shared/i18n';
import { formatNumber } from 'web-kit/format';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Makes the column sortable by this sort key of the API's list contract (the server sorts). */
  sortKey?: string;
  /** Action columns: shown as a button row at the bottom of a phone card, without a label. */
  action?: boolean;
  /** Keeps short values (prices, dates, phone numbers, badges) on one line; action columns always do. */
  nowrap?: boolean;
}

export type SortDirection = 'ascending' | 'descending';

/** The parts of a TanStack query result (one page from apiRequestPage) the table reads. */
export interface TableQuery<T> {
  data: ApiPage<T> | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** The rows shown are the previous page's while the next one loads (placeholderData: keepPreviousData). */
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface DataTableProps<T> {
  /** Accessible name of the table, e.g. 'All sellers'. */
  label: string;
  columns: Column<T>[];
  query: TableQuery<T>;
  /** Page, sort, search and filters, kept in the URL (useListParams). */
  list: ListControls;
  rowKey: (row: T) => string;
  /** Adds the running-number column the product's tables start with. */
  numbered?: boolean;
  emptyTitle: string;
  emptyDescription?: ReactNode;
  /** A button or link shown under the empty state, e.g. 'Add a product'. */
  emptyAction?: ReactNode;
  /** Adds a search box; the server matches the text (the placeholder says on what). */
  searchPlaceholder?: string;
}

// Mantine's `sm` breakpoint: below it the drawer collapses and rows become stacked cards.
export const PHONE_QUERY = '(max-width: 47.99em)';

const toDirection = (order: SortOrder): SortDirection => (order === 'asc' ? 'ascending' : 'descending');

/**
 * Every dashboard list, controlled by the server (docs/decisions/0029-dashboard-table-model.md):
 * the rows are one page the API sorted, searched and filtered, the total comes with it, and page,
 * sort and search live in the URL. Loading skeleton, error with retry, empty state, sortable
 * headers, pages, and stacked cards on phones (a wide table is unusable at 390 px). While the next
 * page loads the current one stays on screen, marked busy.
 */
export function DataTable<T>({
  label,
  columns,
  query,
  list,
  rowKey,
  numbered = false,
  emptyTitle,
  emptyDescription,
  emptyAction,
  searchPlaceholder,
}: DataTableProps<T>) {
  const t = useT();
  // Read synchronously so a phone never renders the table first and then swaps (no layout shift).
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const { params, spec, setPage, setSort } = list;
  const total = query.data?.total ?? 0;
  const rows = query.data?.rows ?? [];
  const pageCount = Math.max(1, Math.ceil(total / spec.pageSize));
  const offset = (params.page - 1) * spec.pageSize;
  const showsRequestedPage = !query.isPlaceholderData;

  // A page past the end (the last row of the last page deleted, or an old link): go to the last
  // page that exists, replacing the history entry so Back does not return to the empty page.
  const pastTheEnd = showsRequestedPage && query.data !== undefined && rows.length === 0 && params.page > 1;
  useEffect(() => {
    if (pastTheEnd) setPage(total > 0 ? pageCount : 1, { replace: true });
  }, [pastTheEnd, total, pageCount, setPage]);

  const sortFor = (column: Column<T>) =>
    column.sortKey && column.sortKey === params.sort ? toDirection(params.order) : null;
  const changeSort = (key: string) =>
    setSort(key, key === params.sort ? (params.order === 'asc' ? 'desc' : 'asc') : spec.sorts[key]!);

  const searchBox = searchPlaceholder !== undefined && (
    <SearchBox label={label} placeholder={searchPlaceholder} list={list} />
  );

  let body: ReactNode;
  if (query.isPending) body = <LoadingRows label={label} isPhone={isPhone} />;
  else if (query.isError && !query.data)
    body = (
      <Alert color="red" title={t('table.couldNotLoad', { label: label.toLowerCase() })} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(query.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  else if (total === 0 && rows.length === 0) {
    if (params.q)
      body = (
        <Text c="dimmed" py="lg" ta="center" role="status">
          {t('table.nothingMatches', { q: params.q })}
        </Text>
      );
    else
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
  } else {
    const sortable = columns.filter((c) => c.sortKey);
    body = (
      <Box
        aria-busy={!showsRequestedPage}
        style={{ opacity: showsRequestedPage ? 1 : 0.6, transition: 'opacity 150ms' }}
      >
        {isPhone ? (
          <PhoneCards
            label={label}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            numbered={numbered}
            offset={offset}
            sortable={sortable}
            list={list}
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
                      aria-sort={column.sortKey ? (sortFor(column) ?? 'none') : undefined}
                    >
                      {column.sortKey ? (
                        <UnstyledButton onClick={() => changeSort(column.sortKey!)} fw={700} fz="sm">
                          {column.header} <SortArrow direction={sortFor(column)} />
                        </UnstyledButton>
                      ) : (
                        column.header
                      )}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, i) => (
                  <Table.Tr key={rowKey(row)}>
                    {numbered && <Table.Td>{formatNumber(offset + i + 1)}</Table.Td>}
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
      </Box>
    );
  }

  return (
    <Stack gap="md">
      {searchBox}
      {body}
      {!query.isPending && rows.length > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {showsRequestedPage
              ? t('table.showing', { from: offset + 1, to: offset + rows.length, total })
              : t('table.loadingPage', { page: params.page })}
          </Text>
          {pageCount > 1 && (
            <Pagination
              total={pageCount}
              value={Math.min(params.page, pageCount)}
              onChange={setPage}
              size="sm"
              aria-label={t('table.pages', { label })}
              getControlProps={(control) => ({ 'aria-label': t('table.page', { page: control }) })}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}

/** The labelled search box: typed text reaches the URL (and the server) once typing pauses. */
function SearchBox({ label, placeholder, list }: { label: string; placeholder: string; list: ListControls }) {
  const t = useT();
  const { draft, change, flush } = useSearchDraft(list.params.q, list.setSearch);
  return (
    <TextInput
      type="search"
      label={t('table.search', { label: label.toLowerCase() })}
      placeholder={placeholder}
      maw={360}
      maxLength={MAX_SEARCH_LENGTH}
      value={draft}
      onChange={(e) => change(e.currentTarget.value)}
      // Enter searches at once instead of waiting for the pause.
      onKeyDown={(e) => e.key === 'Enter' && flush()}
    />
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
  list: ListControls;
}

function PhoneCards<T>({
  label,
  columns,
  rows,
  rowKey,
  numbered,
  offset,
  sortable,
  list,
}: PhoneCardsProps<T>) {
  const t = useT();
  const fields = columns.filter((c) => !c.action);
  const actions = columns.filter((c) => c.action);
  const { params, spec, setSort } = list;
  // The list's default order may have no column (All Buyers: newest first): 'Default order' names it.
  const shownSort = sortable.some((c) => c.sortKey === params.sort) ? params.sort : '';
  return (
    <Stack gap="sm">
      {sortable.length > 0 && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NativeSelect
            label={t('table.sortBy')}
            flex={1}
            data={[
              ...(sortable.some((c) => c.sortKey === defaultSort(spec))
                ? []
                : [{ value: '', label: t('table.defaultOrder') }]),
              ...sortable.map((c) => ({ value: c.sortKey!, label: c.header })),
            ]}
            value={shownSort}
            onChange={(e) => {
              const key = e.currentTarget.value || defaultSort(spec);
              setSort(key, spec.sorts[key]!);
            }}
          />
          <ActionIcon
            size="lg"
            variant="default"
            aria-label={params.order === 'desc' ? t('table.sortAscending') : t('table.sortDescending')}
            onClick={() => setSort(params.sort, params.order === 'asc' ? 'desc' : 'asc')}
          >
            <SortArrow direction={shownSort ? toDirection(params.order) : null} />
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
              {numbered && <CardField term="#">{formatNumber(offset + i + 1)}</CardField>}
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
  const t = useT();
  return (
    <Stack gap="sm" role="status" aria-label={t('table.loading', { label: label.toLowerCase() })}>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} height={isPhone ? 120 : 44} radius="sm" />
      ))}
    </Stack>
  );
}
