import { describe, expect, it } from 'vitest';
import { catalogListingKeys, queryKeys, reviewKeys } from './query-keys';

/** TanStack Query's rule: a filter key matches every key that starts with it. */
const matches = (filter: readonly unknown[], key: readonly unknown[]) =>
  filter.every((part, i) => key[i] === part);

describe('query keys shared by the remotes', () => {
  it('keeps the spec cache keys for the brands and the profile', () => {
    expect(queryKeys.categories()).toEqual(['category']);
    expect(queryKeys.profile('a@b.c')).toEqual(['users', 'a@b.c']);
  });

  it('invalidating the catalogue reaches every query that shows listings', () => {
    const listingQueries = [
      queryKeys.catalog.advertised(),
      queryKeys.catalog.recent(),
      queryKeys.catalog.search('q=thinkpad&sort=price-asc'),
      queryKeys.catalog.search('category=04'),
      queryKeys.catalog.details('42'),
      queryKeys.catalog.seller('s1', 2),
    ];
    for (const key of listingQueries) {
      expect(catalogListingKeys().some((filter) => matches(filter, key))).toBe(true);
    }
    // …and leaves the brand list and profiles alone.
    for (const key of [queryKeys.categories(), queryKeys.profile('a@b.c')]) {
      expect(catalogListingKeys().some((filter) => matches(filter, key))).toBe(false);
    }
  });

  it('a new review or answer reaches the seller page, its reviews, every card and the dashboard lists', () => {
    const keys = [
      queryKeys.catalog.seller('s1', 1),
      queryKeys.catalog.sellerReviews('s1', 3),
      queryKeys.catalog.recent(),
      queryKeys.catalog.details('42'),
      queryKeys.reviews.pending(),
      queryKeys.reviews.received(2),
    ];
    for (const key of keys) expect(reviewKeys().some((filter) => matches(filter, key))).toBe(true);
    expect(reviewKeys().some((filter) => matches(filter, queryKeys.profile('a@b.c')))).toBe(false);
  });

  it('a move on an order reaches both sides’ lists and the receipt, whoever reads them', () => {
    for (const key of [
      queryKeys.orders.list('u1', 'buyer'),
      queryKeys.orders.list('u2', 'seller'),
      queryKeys.orders.one('u1', 4242),
    ])
      expect(matches(queryKeys.orders.all(), key)).toBe(true);
    expect(queryKeys.orders.list('u1', 'buyer')).not.toEqual(queryKeys.orders.list('u2', 'buyer'));
  });
});
