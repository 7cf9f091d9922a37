import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiRequest, apiRequestPage } from './api-client';
import { configureApp } from './config';

// A real HTTP server (not a stubbed fetch): the header has to survive a real response.
let server: Server;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(body);
    };
    if (req.url?.startsWith('/api/v1/buyer'))
      send(200, '[{"_id":"b1"},{"_id":"b2"}]', { 'X-Total-Count': '20001' });
    else if (req.url === '/api/v1/no-total') send(200, '[{"_id":"x"}]');
    else if (req.url === '/api/v1/object') send(200, '{"_id":"x"}');
    else send(400, '{"error":"validation_error","message":"sort must be one of createdAt, name, email"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApp({
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
    emailjs: { publicKey: 'k', serviceId: 's', templateId: 't' },
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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
