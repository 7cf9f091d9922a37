import { describe, expect, it } from 'vitest';
import { createTranslator, messageKeys } from './i18n';

const en = { greeting: 'Hello, {{name}}', nested: { count: '{{n}} laptops' } };
const { translate } = createTranslator('kit-test', {
  en,
  bn: { greeting: 'নমস্কার, {{name}}', nested: { count: '{{n}}টি ল্যাপটপ' } },
});

describe('createTranslator', () => {
  it('answers in the language asked for, with values put in and not HTML-escaped (React escapes)', () => {
    expect(translate('en')('greeting', { name: 'Mira & Bodhi' })).toBe('Hello, Mira & Bodhi');
    expect(translate('bn')('greeting', { name: 'মীরা' })).toBe('নমস্কার, মীরা');
    expect(translate('bn')('nested.count', { n: '৩' })).toBe('৩টি ল্যাপটপ');
  });

  it('lists every dotted key of a message tree', () => {
    expect(messageKeys(en)).toEqual(['greeting', 'nested.count']);
  });
});
