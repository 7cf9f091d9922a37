import { e2eEnv } from './env';

/** Signs up (or in) on the auth emulator's REST API and returns a real Firebase ID token. */
export async function emulatorToken(email: string, password: string, mode: 'signUp' | 'signInWithPassword') {
  const res = await fetch(
    `${e2eEnv.emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:${mode}?key=e2e-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string; error?: { message: string } };
  if (!body.idToken) throw new Error(`emulator ${mode} failed for ${email}: ${body.error?.message}`);
  return body.idToken;
}

export const signInToken = (email: string, password: string) =>
  emulatorToken(email, password, 'signInWithPassword');

/** Calls our API directly, as a script or another client could, with an optional bearer token. */
export async function api<T = unknown>(
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${e2eEnv.apiUrl}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}
