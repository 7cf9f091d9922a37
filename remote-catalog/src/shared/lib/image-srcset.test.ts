import { describe, expect, it } from 'vitest';
import { apiPhotoSrcSet } from './image-srcset';

describe('apiPhotoSrcSet', () => {
  it('names the 400 and 800 pixel renditions of an uploaded photo', () => {
    const hash = '0123456789abcdef0123456789abcdef';
    expect(apiPhotoSrcSet(`http://api.test/api/v1/images/${hash}.webp`)).toBe(
      `http://api.test/api/v1/images/${hash}-400w.webp 400w, http://api.test/api/v1/images/${hash}-800w.webp 800w`,
    );
  });

  it('leaves seeded art and other hosts’ images alone', () => {
    expect(apiPhotoSrcSet('http://api.test/api/v1/images/seed-dell-xps-13.webp')).toBeUndefined();
    expect(apiPhotoSrcSet('https://example.com/photo.jpg')).toBeUndefined();
  });
});
