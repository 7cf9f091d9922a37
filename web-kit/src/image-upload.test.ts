// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answer, apiRequests, NETWORK_ERROR, reply, TEST_API } from 'web-testing/fake-api';
import { configureApp, loadLanguage, useAuthStore } from 'runtime-kernel';
import { uploadImage } from './image-upload';

const photo = () => new Blob(['x'], { type: 'image/png' });

beforeAll(async () => {
  configureApp({
    apiUrl: TEST_API,
    firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
    emailjs: { publicKey: 'k', serviceId: 's', templateId: 't' },
  });
  await loadLanguage('bn');
});
afterEach(() => useAuthStore.setState({ language: 'en' }));

describe('uploadImage', () => {
  it("answers the stored photo's address", async () => {
    answer({ 'POST /images': reply(201, { data: { url: '/api/v1/images/a.webp' } }) });
    await expect(uploadImage(photo())).resolves.toBe('/api/v1/images/a.webp');
  });

  it("asks the API to word its refusal in the page's language, and words its own fallbacks in it", async () => {
    useAuthStore.setState({ language: 'bn' });
    answer({ 'POST /images': reply(413, 'Request Entity Too Large') });
    await expect(uploadImage(photo())).rejects.toMatchObject({
      status: 413,
      message: 'ছবিটি অনেক বড় (সর্বোচ্চ ৫ MB)।',
    });
    expect(apiRequests.at(-1)?.headers.get('accept-language')).toBe('bn');

    answer({ 'POST /images': NETWORK_ERROR });
    await expect(uploadImage(photo())).rejects.toMatchObject({
      code: 'network_error',
      message: 'ছবিটি আপলোড করা যায়নি: সার্ভারের সঙ্গে সংযোগ নেই।',
    });
  });

  it('keeps English on an English page', async () => {
    answer({ 'POST /images': reply(500, '') });
    await expect(uploadImage(photo())).rejects.toMatchObject({ message: 'The photo could not be uploaded.' });
  });
});
