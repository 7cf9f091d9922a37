import { LANGUAGE_COOKIE, type Language } from 'shared-contracts/locale';
import type { Role } from 'shared-contracts/users';
import type { Theme } from './auth-store';

// Small first-party cookies let the server render what the browser will show: who is signed in
// (a hint, never a credential: no token is in it and the API authorizes every call on its own),
// the colour scheme and the language. The browser writes them; both sides read them the same way.
export const SESSION_HINT_COOKIE = 'sb_session';
export const THEME_COOKIE = 'sb_theme';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export interface SessionHint {
  uid: string;
  displayName: string | null;
  photoURL: string | null;
  role: Role | null;
  /** The user's profile id (a listing's `seller._id`), so pages can tell the visitor's own listings. */
  profileId: string | null;
}

const ROLES: readonly string[] = ['admin', 'seller', 'buyer'];

/** The value of one cookie in a Cookie header (or document.cookie), undefined when absent. */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const shortString = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : null;

const PROFILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Anything malformed or forged reads as "no hint": the page then renders signed out. */
export function parseSessionHint(raw: string | undefined): SessionHint | null {
  if (!raw) return null;
  try {
    const data = JSON.parse(decodeURIComponent(raw)) as Record<string, unknown>;
    const uid = shortString(data.uid, 128);
    if (!uid) return null;
    const role = typeof data.role === 'string' && ROLES.includes(data.role) ? (data.role as Role) : null;
    const photo = shortString(data.photoURL, 1024);
    return {
      uid,
      displayName: shortString(data.displayName, 200),
      // Only web addresses: the value ends up in an <img src>.
      photoURL: photo && /^https?:\/\//.test(photo) ? photo : null,
      role,
      // Hints written before profile ids were kept have none: the page then learns it from the API.
      profileId:
        typeof data.profileId === 'string' && PROFILE_ID.test(data.profileId) ? data.profileId : null,
    };
  } catch {
    return null;
  }
}

export function parseTheme(raw: string | undefined): Theme {
  return raw === 'dark' ? 'dark' : 'light';
}

function writeCookie(name: string, value: string, maxAge: number) {
  if (typeof document === 'undefined') return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}

export function writeSessionHint(hint: SessionHint | null): void {
  if (!hint) return writeCookie(SESSION_HINT_COOKIE, '', 0);
  writeCookie(SESSION_HINT_COOKIE, encodeURIComponent(JSON.stringify(hint)), ONE_YEAR_S);
}

export function writeThemeCookie(theme: Theme): void {
  writeCookie(THEME_COOKIE, theme, ONE_YEAR_S);
}

/** The visitor's own choice of language, kept a year (docs/product.md#languages-and-money). */
export function writeLanguageCookie(language: Language): void {
  writeCookie(LANGUAGE_COOKIE, language, ONE_YEAR_S);
}
