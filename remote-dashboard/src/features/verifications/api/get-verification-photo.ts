import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { authHeader } from 'runtime-kernel';

/**
 * GET /admin/verifications/{id}/photo (admins only): an <img> cannot send the bearer token, so
 * the photo is fetched as a blob and shown through an object URL, revoked when it goes.
 */
export const getVerificationPhoto = async (url: string) => {
  const res = await fetch(url, { headers: await authHeader() });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.blob();
};

export function useVerificationPhoto(url: string | null) {
  const photo = useQuery({
    queryKey: ['verification-photo', url],
    queryFn: () => getVerificationPhoto(url!),
    enabled: url !== null,
    staleTime: Infinity,
  });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo.data) return;
    const made = URL.createObjectURL(photo.data);
    setObjectUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [photo.data]);
  return { src: objectUrl, isLoading: photo.isLoading, isError: photo.isError };
}
