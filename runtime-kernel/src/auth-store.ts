import { createStore, useStore, type StoreApi } from 'zustand';
import { currentRequestScope } from './request-scope';
import {
  parseSessionHint,
  parseTheme,
  readCookie,
  SESSION_HINT_COOKIE,
  THEME_COOKIE,
  writeLanguageCookie,
  writeThemeCookie,
  type SessionHint,
} from './session-cookies';
import { LANGUAGE_COOKIE, parseLanguage, pickLanguage, type Language } from 'shared-contracts/locale';
import type { Role } from 'shared-contracts/users';

export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
}

export type Theme = 'light' | 'dark';

/**
 * Where the signed-in user's profile (and so the role) stands: guards must tell "still asking the
 * API" from "no profile" and "the API failed", or a buyer would flash an admin screen or a real
 * admin would be told "not allowed" while the request is in flight.
 */
export type RoleStatus = 'idle' | 'loading' | 'ready' | 'missing' | 'error';

/** A listing chosen for booking or payment; the fields the checkout screens show. */
export interface SelectedProduct {
  _id: string;
  productName: string;
  price: number;
  image?: string;
}

export interface AuthState {
  user: SessionUser | null;
  /**
   * True while a sign-in or sign-up runs (docs/product.md#sign-in). The page no longer waits for Firebase to start:
   * it starts from the session hint (createAuthStore).
   */
  loading: boolean;
  /**
   * Whether Firebase has reported who is signed in on this page. Until then `user` comes from the
   * session hint, which is enough to paint; reads that only decorate the page (the bell's and the
   * envelope's counts, the saved hearts, the live stream) wait for it, so a signed-in first load
   * does not fetch Firebase (about 120 KB of script) before the page is usable
   * (docs/product.md#sign-in).
   */
  sessionConfirmed: boolean;
  /** Role from our API's profile, null while unknown or signed out. */
  role: Role | null;
  roleStatus: RoleStatus;
  /**
   * The signed-in user's profile id (users' `_id`, a listing's `seller._id`), from the hint and then
   * the API's profile; null while unknown or signed out. It tells a seller's own listings even when
   * they hide their e-mail (docs/product.md#booking-and-payment).
   */
  profileId: string | null;
  theme: Theme;
  /** The page's language: every package's texts and formats follow it at once, no reload. */
  language: Language;
  product: SelectedProduct | null;
  setUser: (user: SessionUser | null) => void;
  setLoading: (loading: boolean) => void;
  /** Firebase has reported (signed in or out): decorations may ask the API for their counts. */
  confirmSession: () => void;
  /**
   * Without a status: 'ready' for a role, 'idle' for null (signed out or not asked yet). The profile
   * id comes with the role from the same answer; no role, no profile id.
   */
  setRole: (role: Role | null, status?: RoleStatus, profileId?: string) => void;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
  /** The visitor's choice: saved, and the whole page (host and remotes) re-renders in it. */
  setLanguage: (language: Language) => void;
  /**
   * True once the visitor has used the language switch on this page: the language saved to their
   * profile, read when Firebase confirms the session, no longer replaces what they just chose.
   */
  languageSwitched: boolean;
  /** The language switch's press: `setLanguage`, remembered as this page's own choice. */
  switchLanguage: (language: Language) => void;
  setProduct: (product: SelectedProduct | null) => void;
}

/** The theme was remembered here before it moved to a cookie; read once to carry it over. */
export const THEME_STORAGE_KEY = 'secondbyte-theme';

/** What the page starts from: the same on the server and in the browser, or hydration would differ. */
export interface InitialSession {
  hint: SessionHint | null;
  theme: Theme;
  language: Language;
}

/**
 * A store for one page. Signed-in state starts from the session hint, so the first render (on the
 * server, then hydrating in the browser) already shows the signed-in header; Firebase loads after
 * the first paint and corrects a stale hint. Without a hint the visitor is taken as signed out.
 */
export function createAuthStore({ hint, theme, language }: InitialSession): StoreApi<AuthState> {
  return createStore<AuthState>()((set, get) => ({
    user: hint
      ? {
          uid: hint.uid,
          email: null,
          displayName: hint.displayName,
          photoURL: hint.photoURL,
          emailVerified: false,
        }
      : null,
    loading: false,
    sessionConfirmed: false,
    role: hint?.role ?? null,
    roleStatus: hint?.role ? 'ready' : 'idle',
    profileId: hint?.profileId ?? null,
    theme,
    language,
    product: null,
    setUser: (user) => set({ user }),
    setLoading: (loading) => set({ loading }),
    confirmSession: () => set({ sessionConfirmed: true }),
    setRole: (role, status, profileId) =>
      set({
        role,
        roleStatus: status ?? (role ? 'ready' : 'idle'),
        profileId: role === null ? null : (profileId ?? get().profileId),
      }),
    setTheme: (theme) => {
      writeThemeCookie(theme);
      set({ theme });
    },
    toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
    setLanguage: (language) => {
      writeLanguageCookie(language);
      if (typeof document !== 'undefined') document.documentElement.lang = language;
      set({ language });
    },
    languageSwitched: false,
    switchLanguage: (language) => {
      get().setLanguage(language);
      set({ languageSwitched: true });
    },
    setProduct: (product) => set({ product }),
  }));
}

/** The browser's initial session, read from the cookies the server also saw. */
export function browserInitialSession(): InitialSession {
  const cookies = typeof document === 'undefined' ? undefined : document.cookie;
  const themeCookie = readCookie(cookies, THEME_COOKIE);
  let theme = parseTheme(themeCookie);
  if (themeCookie === undefined) {
    try {
      // A visitor from before the cookie: carry the remembered theme over for the next request.
      if (globalThis.localStorage?.getItem(THEME_STORAGE_KEY) === 'dark') {
        theme = 'dark';
        writeThemeCookie(theme);
      }
    } catch {
      /* storage unavailable */
    }
  }
  return {
    hint: parseSessionHint(readCookie(cookies, SESSION_HINT_COOKIE)),
    theme,
    language: browserLanguage(cookies),
  };
}

/**
 * The saved choice; else the language the server rendered the page in (`<html lang>`, from the
 * same cookie or the request's Accept-Language), so hydration starts from the server's texts;
 * else the browser's preferences; else English.
 */
function browserLanguage(cookies: string | undefined): Language {
  const saved = parseLanguage(readCookie(cookies, LANGUAGE_COOKIE));
  if (saved) return saved;
  const rendered = typeof document === 'undefined' ? null : parseLanguage(document.documentElement.lang);
  if (rendered) return rendered;
  return pickLanguage(globalThis.navigator?.languages ?? []);
}

let browserStore: StoreApi<AuthState> | undefined;

/** The request's store on the server, the page's one store in the browser. */
export function activeAuthStore(): StoreApi<AuthState> {
  const scoped = currentRequestScope()?.authStore;
  if (scoped) return scoped;
  browserStore ??= createAuthStore(browserInitialSession());
  return browserStore;
}

type UseAuthStore = {
  (): AuthState;
  <T>(selector: (state: AuthState) => T): T;
} & Pick<StoreApi<AuthState>, 'getState' | 'setState' | 'subscribe' | 'getInitialState'>;

const identity = (state: AuthState) => state;

/** The auth store as a hook (with zustand's getState/setState/subscribe), whichever store is active. */
export const useAuthStore = Object.assign(
  <T>(selector: (state: AuthState) => T = identity as (state: AuthState) => T) =>
    useStore(activeAuthStore(), selector),
  {
    getState: () => activeAuthStore().getState(),
    setState: ((...args: Parameters<StoreApi<AuthState>['setState']>) =>
      activeAuthStore().setState(...args)) as StoreApi<AuthState>['setState'],
    subscribe: (listener: Parameters<StoreApi<AuthState>['subscribe']>[0]) =>
      activeAuthStore().subscribe(listener),
    getInitialState: () => activeAuthStore().getInitialState(),
  },
) as UseAuthStore;

/**
 * The signed-in user's uid once Firebase has confirmed the session, else null: what the page's
 * decorations (counts, hearts, live updates) key their reads on, so they never load Firebase early.
 */
export const useConfirmedUid = (): string | null =>
  useAuthStore((state) => (state.sessionConfirmed ? (state.user?.uid ?? null) : null));

/** The page's language, as a hook: every package's texts and formats read it. */
export const useLanguage = (): Language => useAuthStore((state) => state.language);
