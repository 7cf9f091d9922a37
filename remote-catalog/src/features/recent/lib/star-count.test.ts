import { describe, expect, it } from 'vitest';
import { starCount } from './star-count';

describe('starCount (docs/product.md#home-page star rule)', () => {
  it('shows as many stars as the rating when it is 3 or 4', () => {
    expect(starCount(3)).toBe(3);
    expect(starCount(4)).toBe(4);
  });

  it.each([5, 1, 2, 0, 6, null, undefined])('shows five stars for %s', (rating) => {
    expect(starCount(rating)).toBe(5);
  });
});
