import { describe, expect, it } from 'vitest';
import { DEFAULT_TYPING } from '@/shared/typewriter/typewriter';
import { BRAND_HEADING_TYPING } from './BrandStrip';

describe('brand strip heading (docs/product.md#home-page)', () => {
  it('types "Select Your Brand" once with the animation defaults', () => {
    expect(BRAND_HEADING_TYPING).toMatchObject({ ...DEFAULT_TYPING, words: ['Select Your Brand'] });
  });
});
