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
  theme: Theme;
  product: SelectedProduct | null;
  setUser: (user: SessionUser | null) => void;
  setLoading: (loading: boolean) => void;
  setRole: (role: Role | null) => void;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
  setProduct: (product: SelectedProduct | null) => void;
}

const THEME_KEY = 'secondbyte-theme';

function initialTheme(): Theme {
  try {
    return globalThis.localStorage?.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

function persistTheme(theme: Theme) {
  try {
    globalThis.localStorage?.setItem(THEME_KEY, theme);
  } catch {
    /* private mode: the theme still applies for this visit */
  }
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  user: null,
  loading: true,
  role: null,
  theme: initialTheme(),
  product: null,
  setUser: (user) => set({ user }),
  setLoading: (loading) => set({ loading }),
  setRole: (role) => set({ role }),
  setTheme: (theme) => {
    persistTheme(theme);
    set({ theme });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
  setProduct: (product) => set({ product }),
}));
