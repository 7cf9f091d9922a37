import type { ImageUploadResponse } from 'shared-contracts/images';
import { ApiError, activeAuthStore, authHeader, getAppConfig } from 'runtime-kernel';
import { kitText } from './kit-texts';

export interface UploadImageOptions {
  /** 0–100, as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /images (multipart field `image`) for a profile or product photo; answers the hosted URL.
 * XMLHttpRequest rather than fetch because only it reports upload progress in every browser.
 */
export async function uploadImage(file: Blob, options: UploadImageOptions = {}): Promise<string> {
  const headers = await authHeader();
  const language = activeAuthStore().getState().language;
  const t = kitText(language);
  const form = new FormData();
  form.append('image', file);
  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${getAppConfig().apiUrl}/images`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    // The API words its refusal (too large, not a photo) in the page's language, as for every call.
    xhr.setRequestHeader('Accept-Language', language);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText) as Partial<ImageUploadResponse> & {
        error?: string;
        message?: string;
      };
      if (xhr.status >= 200 && xhr.status < 300 && body?.data?.url) {
        options.onProgress?.(100);
        resolve(body.data.url);
        return;
      }
      reject(
        new ApiError(
          xhr.status,
          body?.error ?? 'upload_failed',
          body?.message ?? (xhr.status === 413 ? t('upload.tooLarge') : t('upload.failed')),
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', t('upload.offline')));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
