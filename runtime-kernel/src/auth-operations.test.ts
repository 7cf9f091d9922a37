import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answer } from 'web-testing/fake-api';
import { ownPhotoUrl, refreshRole, saveUserProfile } from './auth-operations';
import { useAuthStore } from './auth-store';
import { configureApp } from './config';
import { setSession, TEST_API, testBuyer, testBuyerProfile } from './testing/session';

describe('ownPhotoUrl', () => {
  beforeAll(() => {
    configureApp({
      apiUrl: 'http://localhost:4000/api/v1',
      firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
      emailjs: { publicKey: 'k', serviceId: 's', templateId: 't' },
    });
  });

  it('keeps a photo this site stores', () => {
    const url = 'http://localhost:4000/api/v1/images/3f2a9c.webp';
    expect(ownPhotoUrl(url)).toBe(url);
  });

  it("drops a Google account's photo, another API's image, other schemes and nothing", () => {
    expect(ownPhotoUrl('https://lh3.googleusercontent.com/a/photo.jpg')).toBeNull();
    expect(ownPhotoUrl('https://evil.example/api/v1/images/3f2a9c.webp')).toBeNull();
    expect(ownPhotoUrl('javascript:alert(1)')).toBeNull();
    expect(ownPhotoUrl('http://localhost:4000/api/v1/images/3f2a9c.webp?x=1')).toBeNull();
    expect(ownPhotoUrl(null)).toBeNull();
  });
});

describe('the language saved to the profile', () => {
  beforeAll(() => {
    configureApp({
      apiUrl: TEST_API,
      firebase: { apiKey: 'test', authDomain: 'test.local', projectId: 'demo-test' },
      emailjs: { publicKey: 'k', serviceId: 's', templateId: 't' },
    });
  });
  afterEach(() => {
    useAuthStore.getState().setLanguage('en');
    useAuthStore.setState({ languageSwitched: false });
    setSession(null);
  });

  it('is taken up when the profile is read after a sign-in on another device', async () => {
    setSession(testBuyer);
    useAuthStore.setState({ roleStatus: 'loading' });
    answer({
      'GET /users/:email': testBuyerProfile('bn'),
    });
    await refreshRole();
    expect(useAuthStore.getState()).toMatchObject({ role: 'buyer', language: 'bn' });
    expect(document.documentElement.lang).toBe('bn');
  });

  it('leaves the language switched on this page alone, whose save may land after the read', async () => {
    setSession(testBuyer);
    useAuthStore.getState().switchLanguage('bn');
    useAuthStore.setState({ roleStatus: 'loading' });
    answer({
      'GET /users/:email': testBuyerProfile('en'),
    });
    await refreshRole();
    expect(useAuthStore.getState()).toMatchObject({ role: 'buyer', language: 'bn' });
  });

  it('leaves this device’s language alone while the user never chose one with the switch', async () => {
    setSession(testBuyer);
    useAuthStore.getState().setLanguage('bn');
    useAuthStore.setState({ roleStatus: 'loading' });
    answer({
      'GET /users/:email': testBuyerProfile('en', false),
    });
    await refreshRole();
    expect(useAuthStore.getState()).toMatchObject({ role: 'buyer', language: 'bn' });
  });

  it('starts a new profile in the language the visitor signed up in', async () => {
    setSession(testBuyer);
    useAuthStore.getState().setLanguage('bn');
    const api = answer({
      'POST /users': { acknowledged: true, insertedId: 'p1', _id: 'p1', role: 'seller' },
    });
    await saveUserProfile({ name: 'Bea', email: 'buyer@secondbyte.test', role: 'seller' });
    expect(api.calls[0]?.body).toMatchObject({ email: testBuyer.email, language: 'bn' });
  });
});
