import { describe, expect, it } from 'vitest';
import { MAX_PRICE, MIN_YEAR } from 'shared-contracts/products';
import { SearchQuerySchema } from 'shared-contracts/search';
import {
  countActiveFilters,
  EMPTY_FILTERS,
  FIRST_YEAR,
  isFilterName,
  parseSearchFilters,
  PRICE_LIMIT,
  serializeSearchFilters,
  withoutFilter,
} from './search-filters';

const parse = (query: string) => parseSearchFilters(new URLSearchParams(query));

describe('parseSearchFilters', () => {
  it('reads every filter the API knows', () => {
    expect(
      parse(
        'q=thinkpad&category=03&minPrice=100&maxPrice=450.5&condition=Good,Excellent&minRam=16&minStorage=512' +
          '&storageType=SSD&cpu=intel-core-i5,amd-ryzen-5&minScreen=13.3&maxScreen=15.6&minYear=2019&maxYear=2023' +
          '&location=Dhaka&available=false&sort=price-asc',
      ),
    ).toEqual({
      q: 'thinkpad',
      category: '03',
      minPrice: 100,
      maxPrice: 450.5,
      // Vocabulary order, whatever order the link had.
      condition: ['Excellent', 'Good'],
      minRam: 16,
      minStorage: 512,
      storageType: 'SSD',
      cpu: ['intel-core-i5', 'amd-ryzen-5'],
      minScreen: 13.3,
      maxScreen: 15.6,
      minYear: 2019,
      maxYear: 2023,
      location: 'Dhaka',
      available: false,
      sort: 'price-asc',
    });
  });

  it('gives the defaults for an empty query: available only, no filter', () => {
    expect(parse('')).toEqual({ ...EMPTY_FILTERS });
  });

  it.each([
    ['minPrice=-5', 'minPrice'],
    ['maxPrice=abc', 'maxPrice'],
    [`maxPrice=${PRICE_LIMIT + 1}`, 'maxPrice'],
    ['maxPrice=Infinity', 'maxPrice'],
    ['minRam=0', 'minRam'],
    ['minRam=8.5', 'minRam'],
    ['minStorage=99999999', 'minStorage'],
    ['storageType=floppy', 'storageType'],
    ['minScreen=40', 'minScreen'],
    ['minYear=1200', 'minYear'],
    ['maxYear=2020.5', 'maxYear'],
    ['category=../../admin', 'category'],
    ['sort=cheapest', 'sort'],
    ['q=%20%20', 'q'],
    ['location=', 'location'],
  ])('drops an invalid value (%s)', (query, name) => {
    expect(parse(query)).not.toHaveProperty(name, expect.anything());
  });

  it('keeps the valid values of a list and drops the rest', () => {
    expect(parse('cpu=intel-core-i5,pentium,intel-core-i5&cpu=apple-m2&condition=Mint').cpu).toEqual([
      'intel-core-i5',
      'apple-m2',
    ]);
    expect(parse('condition=Mint').condition).toEqual([]);
  });

  it('drops a range whose ends cross rather than guessing which end was meant', () => {
    const filters = parse('minPrice=900&maxPrice=100&minYear=2022&maxYear=2018&minScreen=16&maxScreen=13');
    expect([filters.minPrice, filters.maxPrice, filters.minYear, filters.maxYear]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect([filters.minScreen, filters.maxScreen]).toEqual([undefined, undefined]);
  });

  it('trims text and cuts it to what the API accepts', () => {
    expect(parse(`q=${'  i5   16gb  '}`).q).toBe('i5 16gb');
    expect(parse(`q=${'a'.repeat(500)}`).q).toHaveLength(100);
    expect(parse(`location=${'b'.repeat(500)}`).location).toHaveLength(60);
  });

  it('treats anything but available=false as available only', () => {
    expect(parse('available=no').available).toBe(true);
    expect(parse('available=false').available).toBe(false);
  });

  it('never produces a query the API refuses, whatever the link held', () => {
    const hostile = [
      'minPrice=1e309&maxPrice=-0&minRam=NaN&cpu=,,,&condition=&minYear=0x7E7',
      'q=%00%F0%9F%98%80&location=%20&category=1&sort=relevance&available=TRUE',
      `minScreen=10&maxScreen=19&minYear=${FIRST_YEAR}&maxYear=${FIRST_YEAR}`,
    ];
    for (const query of hostile) {
      const params = Object.fromEntries(serializeSearchFilters(parse(query)));
      expect(SearchQuerySchema.safeParse(params).success).toBe(true);
    }
  });
});

describe('serializeSearchFilters', () => {
  it('round-trips a filter state and writes it in one fixed order', () => {
    const query =
      'q=i5+16gb&minPrice=100&maxPrice=500&condition=Excellent%2CGood&minRam=16&cpu=intel-core-i5&available=false&sort=newest';
    expect(serializeSearchFilters(parse(query)).toString()).toBe(query);
    expect(serializeSearchFilters(parse('sort=newest&minRam=16')).toString()).toBe('minRam=16&sort=newest');
  });

  it('leaves the defaults out of the URL', () => {
    expect(serializeSearchFilters(EMPTY_FILTERS).toString()).toBe('');
  });

  it('leaves out a filter the page fixes (the brand of a category page)', () => {
    expect(
      serializeSearchFilters({ ...EMPTY_FILTERS, category: '04', minRam: 8 }, ['category']).toString(),
    ).toBe('minRam=8');
  });
});

describe('countActiveFilters', () => {
  it('counts filters, not the text or the sort, and the fixed brand of a category page not at all', () => {
    const filters = parse('q=dell&category=01&maxPrice=500&cpu=intel-core-i5,intel-core-i7&sort=newest');
    expect(countActiveFilters(filters)).toBe(3);
    expect(countActiveFilters(filters, ['category'])).toBe(2);
    expect(countActiveFilters(parse('available=false'))).toBe(1);
  });
});

describe('withoutFilter / isFilterName', () => {
  it('drops one filter back to its default', () => {
    const filters = parse('cpu=intel-core-i5&minRam=16&available=false');
    expect(withoutFilter(filters, 'cpu').cpu).toEqual([]);
    expect(withoutFilter(filters, 'minRam').minRam).toBeUndefined();
    expect(withoutFilter(filters, 'available').available).toBe(true);
    expect(withoutFilter(filters, 'cpu').minRam).toBe(16);
  });

  it('knows the names the API relaxes by', () => {
    expect(isFilterName('maxPrice')).toBe(true);
    expect(isFilterName('q')).toBe(true);
    expect(isFilterName('sort')).toBe(false);
    expect(isFilterName('constructor')).toBe(false);
  });
});

describe('bounds', () => {
  it('match the contracts', () => {
    expect(PRICE_LIMIT).toBe(MAX_PRICE);
    expect(FIRST_YEAR).toBe(MIN_YEAR);
  });
});
