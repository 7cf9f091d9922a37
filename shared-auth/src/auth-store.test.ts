import { beforeEach, describe, expect, it, vi } from 'vitest';

// The store reads the remembered theme when its module loads, so each test loads a fresh copy.
async function freshStore() {
  vi.resetModules();
  const mod = await import('./auth-store');
  return mod;
}

describe('auth store', () => {
  beforeEach(() => localStorage.clear());

  it('starts as SPEC §3 says: no user, loading, light theme, no product, role unknown', async () => {
    const { useAuthStore } = await freshStore();
    const s = useAuthStore.getState();
    expect(s.user).toBeNull();
    expect(s.loading).toBe(true);
    expect(s.theme).toBe('light');
    expect(s.product).toBeNull();
    expect(s.role).toBeNull();
    expect(s.roleStatus).toBe('idle');
  });

  it('toggles the theme and remembers it for the next visit', async () => {
    const { useAuthStore, THEME_STORAGE_KEY } = await freshStore();
    useAuthStore.getState().toggleTheme();
    expect(useAuthStore.getState().theme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    const next = await freshStore();
    expect(next.useAuthStore.getState().theme).toBe('dark');
    next.useAuthStore.getState().toggleTheme();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('ignores a remembered value that is not a theme', async () => {
    localStorage.setItem('secondbyte-theme', 'purple');
    const { useAuthStore } = await freshStore();
    expect(useAuthStore.getState().theme).toBe('light');
  });

  it('derives the role status from the role unless one is given', async () => {
    const { useAuthStore } = await freshStore();
    const { setRole } = useAuthStore.getState();
    setRole('seller');
    expect(useAuthStore.getState()).toMatchObject({ role: 'seller', roleStatus: 'ready' });
    setRole(null);
    expect(useAuthStore.getState()).toMatchObject({ role: null, roleStatus: 'idle' });
    setRole(null, 'missing');
    expect(useAuthStore.getState()).toMatchObject({ role: null, roleStatus: 'missing' });
  });

  it('keeps the user, loading flag and selected product it is given', async () => {
    const { useAuthStore } = await freshStore();
    const user = { uid: 'u1', email: 'a@b.co', displayName: 'A', photoURL: null, emailVerified: false };
    useAuthStore.getState().setUser(user);
    useAuthStore.getState().setLoading(false);
    useAuthStore.getState().setProduct({ _id: 'p1', productName: 'Dell XPS', price: 500 });
    expect(useAuthStore.getState()).toMatchObject({
      user,
      loading: false,
      product: { _id: 'p1', productName: 'Dell XPS', price: 500 },
    });
  });
});
