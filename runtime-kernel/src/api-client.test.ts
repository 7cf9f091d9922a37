import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseTraceparent } from 'web-server/trace-context';
import { answer, apiRequests, inTurn, NETWORK_ERROR, page, reply, TEST_API } from 'web-testing/fake-api';
import { ApiError, apiRequest, apiRequestPage } from './api-client';
import { configureApp } from './config';
import { createAuthStore, useAuthStore } from './auth-store';
import { loadLanguage } from './messages';
import { createQueryClient } from './query-client';
import { setRequestScopeResolver } from './request-scope';

// The network is the shared fake API (web-testing): real Response objects, headers included.
const validationError = reply(400, {
  error: 'validation_error',
  message: 'sort must be one of createdAt, name, email',
});
beforeEach(() =>
  answer({
    'GET /buyer': page([{ _id: 'b1' }, { _id: 'b2' }], 20001),
    'GET /no-total': reply(200, [{ _id: 'x' }]),
    'GET /object': { _id: 'x' },
    'POST /object': { _id: 'x' },
    'GET /seller': validationError,
    'GET /gateway': reply(502, '<html>Bad gateway</html>'),
  }),
);
const seen = () => apiRequests.map((r) => new URL(r.url).pathname + new URL(r.url).search);

beforeAll(() => {
  configureApp({
    apiUrl: TEST_API,
    firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
    emailjs: { publicKey: 'k', serviceId: 's', templateId: 't' },
  });
});

describe('an answer without a message of its own', () => {
  it('is told in the page language, status in its digits', async () => {
    await expect(apiRequest('/gateway')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed (502)',
    });
    await loadLanguage('bn');
    useAuthStore.setState({ language: 'bn' });
    try {
      await expect(apiRequest('/gateway')).rejects.toMatchObject({ message: 'অনুরোধটি সফল হয়নি (৫০২)' });
    } finally {
      useAuthStore.setState({ language: 'en' });
    }
  });
});

describe('apiRequestPage', () => {
  it('returns the rows and the total from X-Total-Count', async () => {
    await expect(apiRequestPage('/buyer?page=2&limit=2')).resolves.toEqual({
      rows: [{ _id: 'b1' }, { _id: 'b2' }],
      total: 20001,
    });
    expect(seen()).toContain('/api/v1/buyer?page=2&limit=2');
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
    const sent = () => apiRequests.at(-1)?.headers.get('accept-language');
    useAuthStore.getState().setLanguage('bn');
    await apiRequest('/object');
    expect(sent()).toBe('bn');
    useAuthStore.getState().setLanguage('en');
    await apiRequest('/object');
    expect(sent()).toBe('en');
  });
});

describe('the trace of a call (docs/decisions/0053-trace-context.md)', () => {
  const PAGE_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
  const PAGE_SPAN = '00f067aa0ba902b7';
  const baseConfig = {
    apiUrl: TEST_API,
    firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
    emailjs: { publicKey: 'k', serviceId: 's', templateId: 't' },
  };
  const sentTraces = () => apiRequests.map((r) => parseTraceparent(r.headers.get('traceparent')));

  afterEach(() => {
    setRequestScopeResolver(() => undefined);
    configureApp(baseConfig);
  });

  const write = () => apiRequest('/object', { method: 'POST', body: {} });

  it('continues the page’s trace with a new span for each call', async () => {
    configureApp({ ...baseConfig, traceparent: `00-${PAGE_TRACE}-${PAGE_SPAN}-01` });
    await write();
    await write();
    const [first, second] = sentTraces();
    expect(first).toMatchObject({ traceId: PAGE_TRACE, flags: '01' });
    expect(second).toMatchObject({ traceId: PAGE_TRACE, flags: '01' });
    expect(first?.spanId).not.toBe(PAGE_SPAN);
    expect(second?.spanId).not.toBe(first?.spanId);
  });

  it('leaves a browser’s plain GET without it, so the GET stays a simple request with no preflight', async () => {
    configureApp({ ...baseConfig, traceparent: `00-${PAGE_TRACE}-${PAGE_SPAN}-01` });
    await apiRequest('/object');
    expect(apiRequests[0]?.headers.get('traceparent')).toBeNull();
  });

  it('on the server, continues the trace of the page being rendered (its request scope)', async () => {
    const otherTrace = 'a'.repeat(32);
    configureApp({ ...baseConfig, traceparent: `00-${PAGE_TRACE}-${PAGE_SPAN}-01` });
    const scope = {
      authStore: createAuthStore({ hint: null, theme: 'light', language: 'en' }),
      queryClient: createQueryClient({ server: true }),
      config: { ...baseConfig, traceparent: `00-${otherTrace}-${PAGE_SPAN}-00` },
    };
    setRequestScopeResolver(() => scope);
    await apiRequestPage('/buyer?page=1&limit=2');
    expect(sentTraces()[0]).toMatchObject({ traceId: otherTrace, flags: '00' });
  });

  it('starts one trace for the page when its configuration names none or an invalid one', async () => {
    configureApp({ ...baseConfig, traceparent: 'not-a-trace' });
    await write();
    await write();
    const [first, second] = sentTraces();
    expect(first?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(second?.traceId).toBe(first?.traceId);
    expect(second?.spanId).not.toBe(first?.spanId);
  });
});

describe('writes and the Idempotency-Key', () => {
  const keyOf = (i: number) => apiRequests[i]!.headers.get('idempotency-key');

  it('sends a key of its own with each write, none with a read', async () => {
    answer({ 'POST /bookings': reply(201, { insertedId: 'b1' }), 'GET /object': { _id: 'x' } });
    await apiRequest('/bookings', { method: 'POST', body: { productId: 'p1' } });
    await apiRequest('/bookings', { method: 'POST', body: { productId: 'p1' } });
    await apiRequest('/object');
    expect(keyOf(0)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(1)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(1)).not.toBe(keyOf(0));
    expect(keyOf(2)).toBeNull();
  });

  it('resends a write whose connection broke or whose proxy found no API, with the same key', async () => {
    answer({
      'POST /payment/init': inTurn(NETWORK_ERROR, reply(502, 'Bad gateway'), 'http://pay.example/1'),
    });
    await expect(apiRequest('/payment/init', { method: 'POST', body: { _id: 'p1' } })).resolves.toBe(
      'http://pay.example/1',
    );
    expect(apiRequests).toHaveLength(3);
    expect(new Set([keyOf(0), keyOf(1), keyOf(2)]).size).toBe(1);
  });

  it('uses the key a caller passes, and does not resend a refusal', async () => {
    answer({ 'POST /bookings': reply(409, { error: 'already_booked', message: 'Booked already' }) });
    await expect(
      apiRequest('/bookings', { method: 'POST', body: {}, idempotencyKey: 'action-1234' }),
    ).rejects.toMatchObject({ status: 409, code: 'already_booked' });
    expect(apiRequests).toHaveLength(1);
    expect(keyOf(0)).toBe('action-1234');
  });
});
