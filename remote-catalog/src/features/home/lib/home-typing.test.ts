import { describe, expect, it } from 'vitest';
import { HOME_TYPING } from './home-typing';

describe('home typing (docs/product.md#home-page)', () => {
  it('types Dell, HP, Lenovo and Apple, spelled correctly, 5 times at 70/50/1000 ms', () => {
    expect(HOME_TYPING).toEqual({
      words: ['Dell', 'HP', 'Lenovo', 'Apple'],
      loop: 5,
      typeSpeed: 70,
      deleteSpeed: 50,
      delaySpeed: 1000,
    });
  });
});
