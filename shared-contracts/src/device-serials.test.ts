import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  GENERIC_SERIAL_FORMAT,
  isVerificationCode,
  normaliseSerial,
  serialFormatFor,
  serialFormatProblem,
  serialLast4,
} from './device-serials';

describe('serial formats per brand', () => {
  it.each([
    ['Dell', '5cd1234', ['5CD123', '5CD12345', '5CD-123']],
    ['HP', '5CG1234XYZ', ['5CG1234XY', '5CG1234XYZW']],
    ['Lenovo', ' pf2abcde ', ['PF2ABCD', 'PF2ABCDEF']],
    ['Apple', 'C02XK1ABJG5H', ['C02XK1ABJG5', 'C02XK1OBJG5H', 'C02XK1IBJG']],
    ['Apple', 'K7WQ4XJ9RF', []],
    ['Asus', 'L9NRCV12345678', ['L9NRCV1234', 'L9NRCV1234567890']],
    ['Acer', 'NXHE3SI00112345678901A', ['NXHE3SI0011234567890']],
  ])('%s accepts %s and refuses the others', (brand, good, bad) => {
    expect(serialFormatProblem(brand, good)).toBeNull();
    for (const serial of bad) expect(serialFormatProblem(brand, serial)).toBe(serialFormatFor(brand));
  });

  it('an unknown brand gets the generic rule', () => {
    expect(serialFormatFor('Xiaomi')).toBe(GENERIC_SERIAL_FORMAT);
    expect(serialFormatProblem('Xiaomi', 'ABC12345')).toBeNull();
    expect(serialFormatProblem('Xiaomi', 'ABCDEFGH')).toBe(GENERIC_SERIAL_FORMAT);
    expect(serialFormatProblem('Xiaomi', 'A1')).toBe(GENERIC_SERIAL_FORMAT);
    expect(serialFormatProblem('Xiaomi', 'ABC 12345')).toBe(GENERIC_SERIAL_FORMAT);
  });

  it('brands match in any case, serials are trimmed and upper case', () => {
    expect(serialFormatFor('DELL')).toBe(serialFormatFor('dell'));
    expect(normaliseSerial('  5cd1234 ')).toBe('5CD1234');
    expect(serialLast4('5CD1234')).toBe('1234');
  });

  it('codes use only unambiguous characters', () => {
    for (const c of '0O1IL2Z5S8B') expect(CODE_ALPHABET).not.toContain(c);
    expect(isVerificationCode('ACD347')).toBe(true);
    expect(isVerificationCode('ACD340')).toBe(false);
    expect(isVerificationCode('ACD34')).toBe(false);
  });
});
