import { CPU_LINE_LABELS, type CpuLine } from 'shared-contracts/listing-vocabulary';
import { formatPrice } from 'web-kit/format';
import type { Translate } from '../i18n';

const CONDITIONS = ['Excellent', 'Good', 'Fair'] as const;
const SORTS = ['relevance', 'newest', 'price-asc', 'price-desc'] as const;
const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * A saved search's query string in words, in the page's language: its words, then each filter,
 * then the sort ("“thinkpad” · up to ৳60,000 · condition Good, Excellent · sorted by newest").
 * `brandName` names a category id; an unknown parameter is left out, as the API leaves it out.
 */
export function describeSearch(query: string, t: Translate, brandName: (id: string) => string | undefined) {
  const p = new URLSearchParams(query);
  const get = (key: string) => p.get(key)?.trim() || undefined;
  const range = (
    min: string | undefined,
    max: string | undefined,
    keys: {
      between: Parameters<Translate>[0];
      from: Parameters<Translate>[0];
      upTo: Parameters<Translate>[0];
    },
    show: (v: string) => string = (v) => v,
  ) => {
    if (min && max) return t(keys.between, { min: show(min), max: show(max) });
    if (min) return t(keys.from, { min: show(min) });
    if (max) return t(keys.upTo, { max: show(max) });
    return undefined;
  };
  const list = (key: string) => (get(key) ?? '').split(',').filter(Boolean);
  const category = get('category');
  const conditions = list('condition').map((c) =>
    isOneOf(CONDITIONS, c) ? t(`savedSearches.conditions.${c}`) : c,
  );
  const cpus = list('cpu').map((c) => CPU_LINE_LABELS[c as CpuLine] ?? c);
  const sort = get('sort');
  const parts = [
    get('q') && t('savedSearches.words', { words: get('q')! }),
    category && t('savedSearches.brand', { name: brandName(category) ?? category }),
    range(
      get('minPrice'),
      get('maxPrice'),
      {
        between: 'savedSearches.priceBetween',
        from: 'savedSearches.priceFrom',
        upTo: 'savedSearches.priceUpTo',
      },
      (v) => formatPrice(Number(v)),
    ),
    conditions.length > 0 && t('savedSearches.condition', { list: conditions.join(', ') }),
    get('minRam') && t('savedSearches.minRam', { n: get('minRam')! }),
    get('minStorage') && t('savedSearches.minStorage', { n: get('minStorage')! }),
    get('storageType') && t('savedSearches.storageType', { type: get('storageType')! }),
    cpus.length > 0 && t('savedSearches.cpu', { list: cpus.join(', ') }),
    range(get('minScreen'), get('maxScreen'), {
      between: 'savedSearches.screenBetween',
      from: 'savedSearches.screenFrom',
      upTo: 'savedSearches.screenUpTo',
    }),
    range(get('minYear'), get('maxYear'), {
      between: 'savedSearches.yearBetween',
      from: 'savedSearches.yearFrom',
      upTo: 'savedSearches.yearUpTo',
    }),
    get('location') && t('savedSearches.location', { place: get('location')! }),
    get('verified') === 'true' && t('savedSearches.verified'),
    sort && isOneOf(SORTS, sort) && t('savedSearches.sortBy', { sort: t(`savedSearches.sorts.${sort}`) }),
  ].filter((part): part is string => typeof part === 'string' && part !== '');
  return parts.length ? parts.join(' · ') : t('savedSearches.everything');
}
