import { describe, expect, it } from 'vitest';
import { parseAcceptLanguage, parseLanguage, pickLanguage } from './locale';

describe('language choice', () => {
  it('reads Accept-Language by weight, then by order, skipping refused and malformed tags', () => {
    expect(parseAcceptLanguage('en-US,en;q=0.9,bn;q=0.95')).toEqual(['en-US', 'bn', 'en']);
    expect(parseAcceptLanguage('bn;q=0, en;q=0.5')).toEqual(['en']);
    expect(parseAcceptLanguage('*;q=0.1, <script>, en-;q=1, fr;q=abc, de')).toEqual(['de']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });

  it('takes the first preferred language the site speaks, English otherwise', () => {
    expect(pickLanguage(['fr-FR', 'bn-BD', 'en'])).toBe('bn');
    expect(pickLanguage(['EN-gb'])).toBe('en');
    expect(pickLanguage(['fr', 'de'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it('accepts only our languages as a saved choice', () => {
    expect(parseLanguage('bn')).toBe('bn');
    expect(parseLanguage('BN')).toBeNull();
    expect(parseLanguage('fr')).toBeNull();
    expect(parseLanguage(undefined)).toBeNull();
  });
});
