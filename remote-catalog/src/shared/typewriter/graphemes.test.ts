import { describe, expect, it } from 'vitest';
import { splitGraphemes } from './graphemes';

describe('splitGraphemes', () => {
  it('splits Latin text into letters', () => {
    expect(splitGraphemes('HP 17')).toEqual(['H', 'P', ' ', '1', '7']);
  });

  it('keeps a Bangla letter with its vowel sign, and a conjunct, together', () => {
    expect(splitGraphemes('আপনার ব্র্যান্ড বেছে নিন')).toEqual([
      'আ',
      'প',
      'না',
      'র',
      ' ',
      'ব্র্যা',
      'ন্ড',
      ' ',
      'বে',
      'ছে',
      ' ',
      'নি',
      'ন',
    ]);
  });

  it('agrees with this runtime’s Intl.Segmenter on the Bangla headings', () => {
    const segmenter = new Intl.Segmenter('bn', { granularity: 'grapheme' });
    for (const text of ['ব্র্যান্ড বেছে নিন', 'আপনার ব্র্যান্ড বেছে নিন']) {
      expect(splitGraphemes(text)).toEqual([...segmenter.segment(text)].map((s) => s.segment));
    }
  });

  it('keeps an accented letter and a joined emoji whole', () => {
    expect(splitGraphemes('Cafe\u0301')).toEqual(['C', 'a', 'f', 'e\u0301']);
    expect(splitGraphemes('👩‍💻!')).toEqual(['👩‍💻', '!']);
  });
});
