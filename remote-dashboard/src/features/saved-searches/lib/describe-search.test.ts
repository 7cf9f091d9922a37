import { describe, expect, it } from 'vitest';
import { translate } from '../i18n';
import { describeSearch } from './describe-search';

const brands = (id: string) => ({ '03': 'Lenovo' })[id];

describe('a saved search in words', () => {
  it('says the words, each filter and the sort, leaving out what it does not know', async () => {
    const t = translate('en');
    expect(
      describeSearch(
        'category=03&condition=Good%2CExcellent&cpu=intel-core-i5&maxPrice=60000&minRam=16&q=thinkpad&sort=price-asc&verified=true&utm=x',
        t,
        brands,
      ),
    ).toBe(
      '“thinkpad” · brand Lenovo · up to ৳60,000 · condition Good, Excellent · at least 16 GB memory · processor Intel Core i5 · verified devices only · sorted by price, low to high',
    );
    expect(describeSearch('minYear=2020&maxYear=2022&location=Dhaka', t, brands)).toBe(
      'from 2020 to 2022 · in Dhaka',
    );
    expect(describeSearch('', t, brands)).toBe('Every laptop');
  });
});
