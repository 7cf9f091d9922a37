import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, activeAuthStore, authHeader, getAppConfig } from 'runtime-kernel';
import type { MyVerification } from 'shared-contracts/verifications';

/**
 * POST /products/{id}/verification/photo as multipart, through XMLHttpRequest for its upload
 * progress (fetch has none), like web-kit's uploadImage; the photo goes to the operators only.
 */
export async function uploadVerificationPhoto(
  productId: string,
  file: Blob,
  onProgress: (percent: number) => void,
): Promise<MyVerification> {
  const headers = await authHeader();
  const language = activeAuthStore().getState().language;
  const form = new FormData();
  form.append('photo', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${getAppConfig().apiUrl}/products/${encodeURIComponent(productId)}/verification/photo`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    // The API words its refusal (too large, not a photo) in the page's language.
    xhr.setRequestHeader('Accept-Language', language);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      type Answer = Partial<MyVerification> & { error?: string; message?: string };
      const body = parse(xhr.responseText) as Answer | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?._id) {
        onProgress(100);
        resolve(body as MyVerification);
      } else {
        reject(
          new ApiError(xhr.status, body?.error ?? 'upload_failed', body?.message ?? `HTTP ${xhr.status}`),
        );
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'The photo could not be sent'));
    xhr.send(form);
  });
}

export const useUploadVerificationPhoto = (productId: string, onProgress: (percent: number) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadVerificationPhoto(productId, file, onProgress),
    onSuccess: (verification) => queryClient.setQueryData(['my-verification', productId], { verification }),
  });
};

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
