import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The short-lived bearer token GET /jwt issues (the original client's `accessToken`): an HS256 JWT signed
 * with API_TOKEN_SECRET, stateless so any API replica accepts it.
 */
export const API_TOKEN_ISSUER = 'secondbyte-api';
export const API_TOKEN_TTL_SECONDS = 60 * 60;

export interface ApiTokenClaims {
  sub: string;
  email: string;
  iss: string;
  iat: number;
  exp: number;
}

const b64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');

export function signApiToken(secret: string, uid: string, email: string, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(
    JSON.stringify({ sub: uid, email, iss: API_TOKEN_ISSUER, iat, exp: iat + API_TOKEN_TTL_SECONDS }),
  );
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** True when the token claims to be ours (so Firebase verification is not attempted). */
export function looksLikeApiToken(token: string): boolean {
  const [header, payload] = token.split('.');
  if (!header || !payload) return false;
  try {
    const h = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
    const p = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { iss?: string };
    return h.alg === 'HS256' && p.iss === API_TOKEN_ISSUER;
  } catch {
    return false;
  }
}

/** Returns the claims, or null when the signature, issuer or expiry is wrong. */
export function verifyApiToken(secret: string, token: string, now = Date.now()): ApiTokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as ApiTokenClaims;
    if (claims.iss !== API_TOKEN_ISSUER || typeof claims.exp !== 'number') return null;
    if (claims.exp * 1000 <= now) return null;
    if (typeof claims.sub !== 'string' || typeof claims.email !== 'string') return null;
    return claims;
  } catch {
    return null;
  }
}
