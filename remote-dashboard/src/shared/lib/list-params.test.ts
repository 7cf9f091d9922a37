import { describe, expect, it } from 'vitest';
import { apiListQuery, parseListParams, writeListParams, type ListSpec } from './list-params';

const REPORTS: ListSpec = {
  sorts: { createdAt: 'desc', productName: 'asc', status: 'asc' },
  filters: { status: { values: ['open', 'dismissed', 'removed'], initial: 'open' } },
  pageSize: 10,
};

const parse = (search: string) => parseListParams(REPORTS, new URLSearchParams(search));

describe('list params in the URL', () => {
  it('defaults to the first page in the list’s default order and filter', () => {
    expect(parse('')).toEqual({
      page: 1,
      sort: 'createdAt',
      order: 'desc',
      q: '',
      filters: { status: 'open' },
    });
  });

  it('gives a text column its ascending start and keeps an explicit order', () => {
    expect(parse('sort=productName')).toMatchObject({ sort: 'productName', order: 'asc' });
    expect(parse('sort=productName&order=desc')).toMatchObject({ sort: 'productName', order: 'desc' });
  });

  it('drops what the API would refuse rather than sending it', () => {
    expect(parse('page=0&sort=reason&order=up&status=spam')).toEqual(parse(''));
    expect(parse('page=1.5').page).toBe(1);
    expect(parse(`q=${encodeURIComponent(' two\nlines ')}`).q).toBe('two lines');
    expect(parse(`q=${'x'.repeat(150)}`).q).toHaveLength(100);
  });

  it('writes only what differs from the default, in one order, keeping other params', () => {
    const written = writeListParams(
      REPORTS,
      { page: 2, sort: 'status', order: 'asc', q: 'dell', filters: { status: 'all' } },
      new URLSearchParams('tab=x&page=5'),
    );
    expect(written.toString()).toBe('tab=x&page=2&sort=status&order=asc&q=dell&status=all');
    expect(writeListParams(REPORTS, parse('')).toString()).toBe('');
    expect(parse(written.toString())).toEqual({
      page: 2,
      sort: 'status',
      order: 'asc',
      q: 'dell',
      filters: { status: 'all' },
    });
  });

  it('asks the API for the page with every parameter of the list contract', () => {
    expect(apiListQuery(REPORTS, parse('page=3&q=hp'), { email: 'a@b.test' })).toBe(
      'email=a%40b.test&page=3&limit=10&sort=createdAt&order=desc&q=hp&status=open',
    );
    expect(apiListQuery(REPORTS, parse('status=all'))).toBe('page=1&limit=10&sort=createdAt&order=desc');
  });
});
