import { create } from 'zustand';
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
  /** True until Firebase reports the first auth state (SPEC §3: starts true). */
  loading: boolean;
  /** Role from our API's profile, null while unknown or signed out. */
  role: Role | null;
  roleStatus: RoleStatus;
  theme: Theme;
  product: SelectedProduct | null;
  setUser: (user: SessionUser | null) => void;
  setLoading: (loading: boolean) => void;
  /** Without a status: 'ready' for a role, 'idle' for null (signed out or not asked yet). */
  setRole: (role: Role | null, status?: RoleStatus) => void;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
  setProduct: (product: SelectedProduct | null) => void;
}

/** Also read by host/index.html before first paint, so a dark-mode visitor sees no white flash. */
export const THEME_STORAGE_KEY = 'secondbyte-theme';

function initialTheme(): Theme {
  try {
    return globalThis.localStorage?.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

function persistTheme(theme: Theme) {
  try {
    globalThis.localStorage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    /* private mode: the theme still applies for this visit */
  }
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  user: null,
  loading: true,
  role: null,
  roleStatus: 'idle',
  theme: initialTheme(),
  product: null,
  setUser: (user) => set({ user }),
  setLoading: (loading) => set({ loading }),
  setRole: (role, status) => set({ role, roleStatus: status ?? (role ? 'ready' : 'idle') }),
  setTheme: (theme) => {
    persistTheme(theme);
    set({ theme });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
  setProduct: (product) => set({ product }),
}));
