import { useRef, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  type NumberInputProps,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  Conditions,
  CPU_LINE_LABELS,
  CpuLines,
  formatStorage,
  MAX_SEARCH_QUERY_LENGTH,
  RAM_CHOICES_GB,
  SPEC_LIMITS,
  StorageTypes,
  type CpuLine,
  type StorageType,
} from 'shared-contracts/listing-vocabulary';
import type { CategoryList } from 'shared-contracts/categories';
import type { SearchResult } from 'shared-contracts/search';
import { priceSign } from 'web-kit/format';
import { useDraft } from '../hooks/use-draft';
import {
  countActiveFilters,
  EMPTY_FILTERS,
  FIRST_YEAR,
  MAX_LOCATION_LENGTH,
  PRICE_LIMIT,
  type FilterName,
  type SearchFilters,
} from '../lib/search-filters';
import { useLanguage } from 'runtime-kernel';
import { useT } from '@/shared/i18n';

// Only the search page says it, so it stays out of the catalog's shared messages, which every
// catalog page loads first (e2e/byte-budget.ts: the details page has no byte to spare).
const VERIFIED_ONLY = { en: 'Verified devices only', bn: 'শুধু যাচাই করা ডিভাইস' };

/**
 * A discrete choice (a box, a select) is a step Back undoes; so is a typed value, but the values
 * a field passes through while the buyer keeps typing in it replace that one step.
 */
export type HistoryMode = 'push' | 'replace';
export type FiltersChange = (update: (filters: SearchFilters) => SearchFilters, mode: HistoryMode) => void;

type Facets = NonNullable<SearchResult['facets']>;

const MIN_STORAGE_CHOICES_GB = [128, 256, 512, 1024, 2048];
const YEAR_NOW = new Date().getFullYear();

interface SearchFiltersPanelProps {
  filters: SearchFilters;
  onChange: FiltersChange;
  /** Counts per value from the last answer, when the API could count them. */
  facets?: Facets | null;
  categories?: CategoryList;
  /** Filters the page fixes (a category page's brand): not offered. */
  fixed?: readonly FilterName[];
  /** A category page has no header search of its own for the brand: it offers one here. */
  withKeywords?: boolean;
  /** Enter in a field, or the drawer's 'Show' button: apply what is typed now. */
  onSubmit?: () => void;
  footer?: ReactNode;
}

type Bound = number | string;
const toNumber = (v: Bound) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const samePair = (a: [Bound, Bound], b: [Bound, Bound]) => a[0] === b[0] && a[1] === b[1];
const crossed = ([min, max]: [Bound, Bound]) => {
  const lo = toNumber(min);
  const hi = toNumber(max);
  return lo !== undefined && hi !== undefined && lo > hi;
};

/**
 * A min–max pair typed by the buyer. It reaches the URL only when its ends do not cross (the API
 * refuses such a range); meanwhile the field says why nothing changes.
 */
function useRangeDraft(
  filters: SearchFilters,
  onChange: FiltersChange,
  minName: 'minPrice' | 'minScreen' | 'minYear',
  maxName: 'maxPrice' | 'maxScreen' | 'maxYear',
  historyFor: (field: string) => HistoryMode,
) {
  const value: [Bound, Bound] = [filters[minName] ?? '', filters[maxName] ?? ''];
  const draft = useDraft(
    value,
    (next) => {
      if (crossed(next)) return;
      onChange(
        (f) => ({ ...f, [minName]: toNumber(next[0]), [maxName]: toNumber(next[1]) }),
        historyFor(minName),
      );
    },
    samePair,
  );
  return { ...draft, error: crossed(draft.draft) };
}

type RangeDraft = ReturnType<typeof useRangeDraft>;

/** Two number fields for the ends of a range; the second says so when the ends cross. */
function RangeFilter({
  legend,
  labels,
  crossedError,
  range,
  inputProps,
}: {
  legend: string;
  labels: [string, string];
  crossedError: string;
  range: RangeDraft;
  inputProps: NumberInputProps;
}) {
  const [min, max] = range.draft;
  return (
    <FilterGroup legend={legend}>
      <Group grow gap="sm" align="flex-start">
        <NumberInput
          {...inputProps}
          hideControls
          allowNegative={false}
          label={labels[0]}
          value={min}
          onChange={(v) => range.change([v, max])}
        />
        <NumberInput
          {...inputProps}
          hideControls
          allowNegative={false}
          label={labels[1]}
          value={max}
          onChange={(v) => range.change([min, v])}
          error={range.error ? crossedError : undefined}
        />
      </Group>
    </FilterGroup>
  );
}

const LEGEND_STYLES = {
  legend: { fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)', marginBottom: 4 },
};

function FilterGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} variant="unstyled" styles={LEGEND_STYLES} p={0} m={0}>
      {children}
    </Fieldset>
  );
}

function counted(label: string, count: number | undefined): ReactNode {
  if (count === undefined) return label;
  return (
    <>
      {label}{' '}
      <Text span c="dimmed" size="xs">
        ({count})
      </Text>
    </>
  );
}

/**
 * Counts of the values of one filter. The API counts each under every other filter but not its own,
 * so a ticked value's neighbours keep their counts (docs/product.md#search).
 */
function facetCounts(facets: Facets | null | undefined, name: keyof Facets) {
  return new Map(facets?.[name].map((f) => [f.value, f.count]));
}

export function SearchFiltersPanel({
  filters,
  onChange,
  facets,
  categories,
  fixed = [],
  withKeywords = false,
  onSubmit,
  footer,
}: SearchFiltersPanelProps) {
  const t = useT();
  const language = useLanguage();
  const cpuLineLabel = (line: CpuLine) =>
    line === 'other' || line === 'intel-other' || line === 'amd-other'
      ? t(`search.panel.otherCpu.${line}`)
      : CPU_LINE_LABELS[line];
  const lastTyped = useRef<string | null>(null);
  const historyFor = (field: string): HistoryMode => {
    const mode = lastTyped.current === field ? 'replace' : 'push';
    lastTyped.current = field;
    return mode;
  };
  const set = <K extends keyof SearchFilters>(name: K, value: SearchFilters[K], typed = false) => {
    if (!typed) lastTyped.current = null;
    onChange((f) => ({ ...f, [name]: value }), typed ? historyFor(name) : 'push');
  };
  const toggle = <T extends string>(list: T[], value: T, on: boolean) =>
    on ? [...list, value] : list.filter((v) => v !== value);

  const keywords = useDraft(filters.q ?? '', (q) => set('q', q.trim() || undefined, true));
  const location = useDraft(filters.location ?? '', (l) => set('location', l.trim() || undefined, true));
  const price = useRangeDraft(filters, onChange, 'minPrice', 'maxPrice', historyFor);
  const screen = useRangeDraft(filters, onChange, 'minScreen', 'maxScreen', historyFor);
  const year = useRangeDraft(filters, onChange, 'minYear', 'maxYear', historyFor);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    for (const draft of [keywords, location, price, screen, year]) draft.flush();
    onSubmit?.();
  };

  const categoryCounts = facetCounts(facets, 'category');
  const conditionCounts = facetCounts(facets, 'condition');
  const cpuCounts = facetCounts(facets, 'cpu');
  // RAM is 'at least': the count beside 16 GB is every listing with 16 GB or more.
  const ramCounts = facetCounts(facets, 'ram');
  const atLeast = (gb: number) =>
    ramCounts.size ? [...ramCounts].reduce((sum, [v, n]) => (Number(v) >= gb ? sum + n : sum), 0) : undefined;
  const withCount = (label: string, count: number | undefined) =>
    count === undefined ? label : `${label} (${count})`;
  const active = countActiveFilters(filters, fixed);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {withKeywords && (
          <TextInput
            label={t('search.panel.keywords')}
            type="search"
            value={keywords.draft}
            maxLength={MAX_SEARCH_QUERY_LENGTH}
            onChange={(e) => keywords.change(e.currentTarget.value)}
          />
        )}

        {!fixed.includes('category') && categories && (
          <NativeSelect
            label={t('search.panel.brand')}
            value={filters.category ?? ''}
            onChange={(e) => set('category', e.currentTarget.value || undefined)}
            data={[
              { value: '', label: t('search.panel.allBrands') },
              ...categories.map((c) => ({ value: c.id, label: withCount(c.name, categoryCounts.get(c.id)) })),
            ]}
          />
        )}

        <RangeFilter
          legend={t('search.panel.price', { currency: priceSign() })}
          labels={[t('search.panel.minPrice'), t('search.panel.maxPrice')]}
          crossedError={t('search.panel.priceCrossed')}
          range={price}
          inputProps={{ min: 0, max: PRICE_LIMIT, thousandSeparator: ',', prefix: priceSign() }}
        />

        <FilterGroup legend={t('search.panel.condition')}>
          <Stack gap="xs">
            {Conditions.map((condition) => (
              <Checkbox
                key={condition}
                label={counted(t(`condition.${condition}`), conditionCounts.get(condition))}
                checked={filters.condition.includes(condition)}
                onChange={(e) =>
                  set('condition', toggle(filters.condition, condition, e.currentTarget.checked))
                }
              />
            ))}
          </Stack>
        </FilterGroup>

        <NativeSelect
          label={t('search.panel.minRam')}
          value={filters.minRam === undefined ? '' : String(filters.minRam)}
          onChange={(e) => set('minRam', e.currentTarget.value ? Number(e.currentTarget.value) : undefined)}
          data={[
            { value: '', label: t('search.panel.any') },
            ...RAM_CHOICES_GB.filter((gb) => gb >= 4 && gb <= 64).map((gb) => ({
              value: String(gb),
              label: withCount(t('search.panel.gbOrMore', { gb }), atLeast(gb)),
            })),
            // A value from a link that is not one of the choices stays visible rather than turning into 'Any'.
            ...(filters.minRam !== undefined && !RAM_CHOICES_GB.some((gb) => gb === filters.minRam)
              ? [{ value: String(filters.minRam), label: t('search.panel.gbOrMore', { gb: filters.minRam }) }]
              : []),
          ]}
        />

        <NativeSelect
          label={t('search.panel.minStorage')}
          value={filters.minStorage === undefined ? '' : String(filters.minStorage)}
          onChange={(e) =>
            set('minStorage', e.currentTarget.value ? Number(e.currentTarget.value) : undefined)
          }
          data={[
            { value: '', label: t('search.panel.any') },
            ...[...new Set([...MIN_STORAGE_CHOICES_GB, ...(filters.minStorage ? [filters.minStorage] : [])])]
              .sort((a, b) => a - b)
              .map((gb) => ({ value: String(gb), label: formatStorage(gb) })),
          ]}
        />
        <NativeSelect
          label={t('search.panel.storageType')}
          value={filters.storageType ?? ''}
          onChange={(e) =>
            set('storageType', (e.currentTarget.value || undefined) as StorageType | undefined)
          }
          data={[{ value: '', label: t('search.panel.any') }, ...StorageTypes]}
        />

        <FilterGroup legend={t('search.panel.processor')}>
          <SimpleGrid cols={{ base: 2, md: 1 }} spacing="xs" verticalSpacing="xs">
            {CpuLines.map((line) => (
              <Checkbox
                key={line}
                label={counted(cpuLineLabel(line), cpuCounts.get(line))}
                checked={filters.cpu.includes(line)}
                onChange={(e) => set('cpu', toggle(filters.cpu, line, e.currentTarget.checked))}
              />
            ))}
          </SimpleGrid>
        </FilterGroup>

        <RangeFilter
          legend={t('search.panel.screen')}
          labels={[t('search.panel.smallestScreen'), t('search.panel.largestScreen')]}
          crossedError={t('search.panel.screenCrossed')}
          range={screen}
          inputProps={{ ...SPEC_LIMITS.screenInches, step: 0.1, decimalScale: 1 }}
        />

        <RangeFilter
          legend={t('search.panel.year')}
          labels={[t('search.panel.fromYear'), t('search.panel.toYear')]}
          crossedError={t('search.panel.yearCrossed')}
          range={year}
          inputProps={{ min: FIRST_YEAR, max: YEAR_NOW, allowDecimal: false }}
        />

        <TextInput
          label={t('search.panel.location')}
          placeholder={t('search.panel.locationPlaceholder')}
          value={location.draft}
          maxLength={MAX_LOCATION_LENGTH}
          onChange={(e) => location.change(e.currentTarget.value)}
        />

        <Switch
          label={t('search.panel.availableOnly')}
          checked={filters.available}
          onChange={(e) => set('available', e.currentTarget.checked)}
        />

        <Switch
          label={VERIFIED_ONLY[language]}
          checked={filters.verified === true}
          onChange={(e) => set('verified', e.currentTarget.checked || undefined)}
        />

        {active > 0 && (
          <Button
            variant="subtle"
            onClick={() =>
              onChange(
                (f) => ({
                  ...EMPTY_FILTERS,
                  q: f.q,
                  sort: f.sort,
                  ...(fixed.includes('category') ? { category: f.category } : {}),
                }),
                'push',
              )
            }
          >
            {t('search.panel.clear')}
          </Button>
        )}
        {footer}
      </Stack>
    </form>
  );
}
