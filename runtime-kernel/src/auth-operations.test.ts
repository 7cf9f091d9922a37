import { beforeAll, describe, expect, it } from 'vitest';
import { ownPhotoUrl } from './auth-operations';
import { configureApp } from './config';

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
