import { describe, expect, it } from 'vitest';
import { emailFieldError, isValidEmail } from './email';

describe('e-mail check', () => {
  it.each(['a@b.co', 'first.last+tag@example.com', '  padded@example.org  '])('accepts %s', (value) => {
    expect(isValidEmail(value)).toBe(true);
  });

  it.each(['', 'plain', 'a@b', 'a@b.c', 'a b@c.com', '@example.com'])('rejects "%s"', (value) => {
    expect(isValidEmail(value)).toBe(false);
  });

  it('tells an empty field from a malformed one', () => {
    expect(emailFieldError('')).toBe('Enter your e-mail address');
    expect(emailFieldError('nope')).toMatch(/valid e-mail/);
    expect(emailFieldError('ok@example.com')).toBeNull();
  });
});
