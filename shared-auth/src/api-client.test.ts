import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, apiRequestPage } from './api-client';
import { configureApp } from './config';
import { useAuthStore } from './auth-store';

// Stands in for the network (not for our modules): real Response objects, headers included.
const seen: string[] = [];

function answer(url: URL): Response {
  const json = (status: number, body: string, headers: Record<string, string> = {}) =>
    new Response(body, { status, headers: { 'Content-Type': 'application/json', ...headers } });
  if (url.pathname === '/api/v1/buyer')
    return json(200, '[{"_id":"b1"},{"_id":"b2"}]', { 'X-Total-Count': '20001' });
  if (url.pathname === '/api/v1/no-total') return json(200, '[{"_id":"x"}]');
  if (url.pathname === '/api/v1/object') return json(200, '{"_id":"x"}');
  return json(400, '{"error":"validation_error","message":"sort must be one of createdAt, name, email"}');
}

// The shared test set-up restores globals after each test, so each test stubs the network anew.
beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      seen.push(url.pathname + url.search);
      return answer(url);
    }),
  ),
);

beforeAll(() => {
  configureApp({
    apiUrl: 'http://api.test/api/v1',
    firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
    emailjs: { publicKey: 'k', serviceId: 's', templateId: 't' },
  });
});

describe('apiRequestPage', () => {
  it('returns the rows and the total from X-Total-Count', async () => {
    await expect(apiRequestPage('/buyer?page=2&limit=2')).resolves.toEqual({
      rows: [{ _id: 'b1' }, { _id: 'b2' }],
      total: 20001,
    });
    expect(seen).toContain('/api/v1/buyer?page=2&limit=2');
  });

  it('counts the rows when the header is missing', async () => {
    await expect(apiRequestPage('/no-total')).resolves.toEqual({ rows: [{ _id: 'x' }], total: 1 });
  });

  it('fails on an answer that is not a list', async () => {
    await expect(apiRequestPage('/object')).rejects.toMatchObject({ code: 'not_a_list' });
  });

  it("throws the same ApiError as apiRequest, with the server's message", async () => {
    const page = apiRequestPage('/seller?sort=age');
    await expect(page).rejects.toBeInstanceOf(ApiError);
    await expect(page).rejects.toMatchObject({
      status: 400,
      code: 'validation_error',
      message: 'sort must be one of createdAt, name, email',
    });
    await expect(apiRequest('/seller?sort=age')).rejects.toMatchObject({
      status: 400,
      code: 'validation_error',
    });
  });
});

describe('the page’s language', () => {
  it('travels with every call, so the API answers its refusals in it', async () => {
    const sent = () =>
      new Headers((vi.mocked(fetch).mock.calls.at(-1)?.[1] as RequestInit).headers).get('accept-language');
    useAuthStore.getState().setLanguage('bn');
    await apiRequest('/object');
    expect(sent()).toBe('bn');
    useAuthStore.getState().setLanguage('en');
    await apiRequest('/object');
    expect(sent()).toBe('en');
  });
});
