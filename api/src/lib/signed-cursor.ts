import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Opaque paging cursors the API signs, so a client can only hand back a cursor it was given
 * (docs/decisions/0045-catalog-cache-by-dependency.md#signed-cursors). The cursor is the position as
 * base64url JSON, a dot, and a truncated HMAC-SHA256 of that text under a key derived from
 * API_TOKEN_SECRET for this one use. A forged, edited or truncated cursor reads as `null`; the
 * caller answers 400. The position itself stays readable: it is where a list stopped, not a secret.
 */
export interface CursorCodec {
  encode(position: unknown): string;
  /** The position, or null when the text is not a cursor this API signed. */
  decode(raw: string): unknown;
}

const TAG_BYTES = 16;

export function cursorCodec(secret: string, purpose: string): CursorCodec {
  // A key per purpose: a search cursor is never accepted as another list's cursor.
  const key = createHmac('sha256', secret).update(`cursor:${purpose}`).digest();
  const tag = (body: string) => createHmac('sha256', key).update(body).digest().subarray(0, TAG_BYTES);
  return {
    encode(position) {
      const body = Buffer.from(JSON.stringify(position)).toString('base64url');
      return `${body}.${tag(body).toString('base64url')}`;
    },
    decode(raw) {
      const dot = raw.indexOf('.');
      if (dot <= 0) return null;
      const body = raw.slice(0, dot);
      const signature = raw.slice(dot + 1);
      const given = Buffer.from(signature, 'base64url');
      // Decoding ignores a text's unused last bits and any character outside the alphabet, so
      // several texts give the same bytes: only the one this API wrote is its cursor.
      if (given.length !== TAG_BYTES || given.toString('base64url') !== signature) return null;
      if (!timingSafeEqual(given, tag(body))) return null;
      try {
        return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
      } catch {
        return null;
      }
    },
  };
}
