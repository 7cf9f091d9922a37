import { beforeEach, describe, expect, it, vi } from 'vitest';

// The store reads the cookies when it is first used, so each test loads a fresh copy.
async function freshStore() {
  vi.resetModules();
  const mod = await import('./auth-store');
  return mod;
}

function clearCookies() {
  for (const name of ['sb_session', 'sb_theme']) document.cookie = `${name}=; Path=/; Max-Age=0`;
}

describe('auth store', () => {
  beforeEach(() => {
    localStorage.clear();
    clearCookies();
  });

  it('starts signed out, not loading, light, with no product and no role when there is no hint', async () => {
    const { useAuthStore } = await freshStore();
    const s = useAuthStore.getState();
    expect(s.user).toBeNull();
    expect(s.loading).toBe(false);
    expect(s.theme).toBe('light');
    expect(s.product).toBeNull();
    expect(s.role).toBeNull();
    expect(s.roleStatus).toBe('idle');
  });

  it('starts signed in from the session hint cookie, the same way the server reads it', async () => {
    const hint = {
      uid: 'u1',
      displayName: 'Rahim',
      photoURL: 'https://img.example/a.webp',
      role: 'buyer',
      profileId: 'p-42',
    };
    document.cookie = `sb_session=${encodeURIComponent(JSON.stringify(hint))}; Path=/`;
    const { useAuthStore } = await freshStore();
    expect(useAuthStore.getState()).toMatchObject({
      user: { uid: 'u1', displayName: 'Rahim', photoURL: 'https://img.example/a.webp', email: null },
      role: 'buyer',
      roleStatus: 'ready',
      profileId: 'p-42',
      loading: false,
    });
  });

  it('reads a forged or malformed hint as signed out, and never trusts a role it does not know', async () => {
    document.cookie = 'sb_session=%7Bnot-json; Path=/';
    expect((await freshStore()).useAuthStore.getState().user).toBeNull();
    const hint = {
      uid: 'u1',
      displayName: null,
      photoURL: 'javascript:alert(1)',
      role: 'superuser',
      profileId: '"><script>',
    };
    document.cookie = `sb_session=${encodeURIComponent(JSON.stringify(hint))}; Path=/`;
    expect((await freshStore()).useAuthStore.getState()).toMatchObject({
      user: { uid: 'u1', photoURL: null },
      role: null,
      roleStatus: 'idle',
      profileId: null,
    });
  });

  it('toggles the theme and remembers it in a cookie the server reads on the next visit', async () => {
    const { useAuthStore } = await freshStore();
    useAuthStore.getState().toggleTheme();
    expect(useAuthStore.getState().theme).toBe('dark');
    expect(document.cookie).toContain('sb_theme=dark');

    const next = await freshStore();
    expect(next.useAuthStore.getState().theme).toBe('dark');
    next.useAuthStore.getState().toggleTheme();
    expect(document.cookie).toContain('sb_theme=light');
  });

  it('carries a theme remembered before the cookie existed over, and ignores values that are not themes', async () => {
    localStorage.setItem('secondbyte-theme', 'dark');
    expect((await freshStore()).useAuthStore.getState().theme).toBe('dark');
    expect(document.cookie).toContain('sb_theme=dark');
    clearCookies();
    localStorage.setItem('secondbyte-theme', 'purple');
    expect((await freshStore()).useAuthStore.getState().theme).toBe('light');
    document.cookie = 'sb_theme=purple; Path=/';
    expect((await freshStore()).useAuthStore.getState().theme).toBe('light');
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

  it('keeps the profile id with the role: given with it, kept by a role alone, gone with the role', async () => {
    const { useAuthStore } = await freshStore();
    const { setRole } = useAuthStore.getState();
    setRole('seller', 'ready', 'p-7');
    expect(useAuthStore.getState()).toMatchObject({ role: 'seller', profileId: 'p-7' });
    setRole('admin');
    expect(useAuthStore.getState()).toMatchObject({ role: 'admin', profileId: 'p-7' });
    setRole(null, 'loading');
    expect(useAuthStore.getState().profileId).toBeNull();
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
