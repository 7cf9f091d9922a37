import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerActor, startTestApp, type Actor, type TestContext } from '../test/harness';
import { ErrorCodes } from 'shared-contracts/errors';
import { localisedErrorMessage, translatedErrorCodes } from '../lib/error-messages';

let ctx: TestContext;
let buyer: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  buyer = await registerActor(ctx.app, 'buyer');
});
afterAll(async () => ctx?.close());

const BANGLA = /[\u0980-\u09FF]/;

describe('refusals in the language the request asks for', () => {
  it('keeps the English sentence without Accept-Language, and says it in Bangla when asked, with the same code', async () => {
    const url = '/api/v1/details/00000000-0000-0000-0000-000000000000';
    const english = await ctx.app.inject({ url });
    const bangla = await ctx.app.inject({ url, headers: { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' } });
    expect(english.statusCode).toBe(404);
    expect(bangla.statusCode).toBe(404);
    expect(english.json()).toEqual({
      error: 'product_not_found',
      message: expect.stringMatching(/^No product with id/),
    });
    expect(bangla.json()).toEqual({
      error: 'product_not_found',
      message: 'ল্যাপটপটি পাওয়া যায়নি; হয়তো এটি সরিয়ে ফেলা হয়েছে',
    });
    expect(bangla.headers['content-language']).toBe('bn-BD');
    expect(english.headers['content-language']).toBe('en-GB');
    expect(String(bangla.headers.vary)).toMatch(/Accept-Language/i);
  });

  it('prefers the most wanted language of ours and ignores ones we do not speak', async () => {
    const url = '/api/v1/no-such-route';
    const answer = (acceptLanguage: string) =>
      ctx.app
        .inject({ url, headers: { 'accept-language': acceptLanguage } })
        .then((r) => r.json().message as string);
    expect(await answer('fr-FR,bn;q=0.5')).toMatch(BANGLA);
    expect(await answer('en;q=0.9,bn;q=0.4')).toBe('No route GET /api/v1/no-such-route');
    expect(await answer('fr-FR')).toBe('No route GET /api/v1/no-such-route');
  });

  it('translates the refusals a signed-in buyer meets, validation included', async () => {
    const headers = { ...bearer(buyer), 'accept-language': 'bn' };
    const unsigned = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/bookings',
      headers: { 'accept-language': 'bn' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ error: 'unauthorized', message: 'আগে সাইন ইন করুন' });
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      headers,
      payload: { productId: 42 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      error: 'validation_error',
      message: expect.stringMatching(BANGLA),
    });
  });

  it('fills a sentence’s variable parts, numbers in Bangla digits', () => {
    const answer = {
      status: 429,
      code: 'too_many_requests',
      message: 'Too many requests. Please try again in 12 seconds.',
      params: { seconds: 12 },
    };
    expect(localisedErrorMessage(answer, 'bn')).toBe('অনেক বেশি অনুরোধ এসেছে। ১২ সেকেন্ড পরে আবার চেষ্টা করুন।');
    expect(localisedErrorMessage(answer, 'en')).toBe(answer.message);
    const lastAdmin = { status: 409, code: 'last_admin', message: 'x', params: { email: 'a@b.co' } };
    expect(localisedErrorMessage(lastAdmin, 'bn')).toMatch(/^a@b\.co শেষ অ্যাডমিন/);
  });

  it('has a Bangla sentence for every code the API answers with', () => {
    // The general codes of shared-contracts/errors.ts, and the precise ones a buyer or an admin meets.
    const codes = [
      ...ErrorCodes,
      'bad_request',
      'too_many_requests',
      'product_not_found',
      'product_sold',
      'already_booked',
      'already_reported',
      'invalid_token',
      'last_admin',
      'gateway_error',
    ];
    expect(translatedErrorCodes).toEqual(expect.arrayContaining(codes));
    for (const code of translatedErrorCodes)
      expect(localisedErrorMessage({ status: 400, code, message: 'English' }, 'bn')).toMatch(BANGLA);
  });
});
