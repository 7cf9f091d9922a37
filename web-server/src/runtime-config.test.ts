import { describe, expect, it } from 'vitest';
import { appConfig } from './runtime-config.js';

// /app-config.json's testPayments follows the API's PAYMENT_GATEWAY (same variable, same default),
// so every page says "test payments" exactly while the API takes them through the sandbox.
describe('appConfig().testPayments', () => {
  it('is on with the sandbox gateway, which is the default (npm start, the e2e stack, docker-compose)', () => {
    expect(appConfig({}).testPayments).toBe(true);
    expect(appConfig({ PAYMENT_GATEWAY: '' }).testPayments).toBe(true);
    expect(appConfig({ PAYMENT_GATEWAY: 'sandbox' }).testPayments).toBe(true);
  });

  it('is off with a real gateway', () => {
    expect(appConfig({ PAYMENT_GATEWAY: 'sslcommerz' }).testPayments).toBe(false);
  });

  it('refuses a gateway the API does not know, rather than guess', () => {
    expect(() => appConfig({ PAYMENT_GATEWAY: 'stripe' })).toThrow(
      'PAYMENT_GATEWAY must be sandbox or sslcommerz, not "stripe"',
    );
  });
});
