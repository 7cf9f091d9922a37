import { expect, it } from 'vitest';
import { cursorCodec } from './signed-cursor';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const cursors = cursorCodec('a secret of at least thirty-two characters', 'newest-first');

it('reads back what it wrote, and nothing signed for another use', () => {
  const cursor = cursors.encode({ c: '2026-11-30 01:00:00+00', id: 'a' });
  expect(cursors.decode(cursor)).toEqual({ c: '2026-11-30 01:00:00+00', id: 'a' });
  const other = cursorCodec('a secret of at least thirty-two characters', 'search').encode({ id: 'a' });
  expect(cursors.decode(other)).toBeNull();
  expect(cursors.decode(`${cursor}x`)).toBeNull();
  expect(cursors.decode(cursor.replace('.', '.='))).toBeNull();
});

it('refuses a signature spelled another way that decodes to the same bytes', () => {
  const cursor = cursors.encode({ id: 'b' });
  const last = cursor.at(-1)!;
  // A 16-byte signature is 22 characters whose last holds 2 bits: its other 4 bits are ignored.
  const respelled = `${cursor.slice(0, -1)}${ALPHABET[ALPHABET.indexOf(last) ^ 1]}`;
  const signature = (text: string) => Buffer.from(text.slice(text.indexOf('.') + 1), 'base64url');
  expect(signature(respelled).equals(signature(cursor))).toBe(true);
  expect(cursors.decode(respelled)).toBeNull();
  expect(cursors.decode(cursor)).toEqual({ id: 'b' });
});
