import { useEffect, useRef, useState } from 'react';
import { uploadImage } from 'web-kit/image-upload';
import { useT } from '@/shared/i18n';
import { errorMessage } from '@/shared/lib/error-message';
import { checkImageFile } from '@/shared/lib/image-file';

export interface ImageUpload {
  key: number;
  name: string;
  progress: number;
}

export interface ImageUploadsOptions {
  /**
   * How many more files fit, given the uploads still under way (the field's own count, so each
   * field decides how it counts its photos). Files past it are refused with `tooMany`.
   */
  room: (pending: number) => number;
  /** Called with each uploaded file's URL, in the order the files were chosen. */
  onUploaded: (url: string, file: File) => void;
  /** The problem told when `left` of the chosen files do not fit. */
  tooMany: (left: number) => string;
}

/**
 * An image field's uploads: each chosen file is checked (type, size) and then goes to POST /images
 * (web-kit's uploadImage), one after the other so they arrive in the order they were chosen.
 * Unmounting abandons the uploads under way, and nothing is said about them afterwards.
 */
export function useImageUploads({ room, onUploaded, tooMany }: ImageUploadsOptions) {
  const t = useT();
  const [uploads, setUploads] = useState<ImageUpload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const queue = useRef<Promise<void>>(Promise.resolve());
  const nextKey = useRef(0);
  const unmounted = useRef(new AbortController());

  useEffect(() => {
    const controller = unmounted.current;
    return () => controller.abort();
  }, []);

  const uploadOne = async (file: File, key: number) => {
    const signal = unmounted.current.signal;
    try {
      const url = await uploadImage(file, {
        signal,
        onProgress: (progress) =>
          setUploads((all) => all.map((u) => (u.key === key ? { ...u, progress } : u))),
      });
      if (signal.aborted) return;
      onUploaded(url, file);
    } catch (err) {
      if (!signal.aborted) setProblems((all) => [...all, `${file.name}: ${errorMessage(err)}`]);
    } finally {
      if (!signal.aborted) setUploads((all) => all.filter((u) => u.key !== key));
    }
  };

  const choose = (files: File[]) => {
    const found: string[] = [];
    const left = room(uploads.length);
    const fits = Math.max(left, 0);
    if (files.length > left) found.push(tooMany(files.length - fits));
    const accepted: { file: File; key: number }[] = [];
    for (const file of files.slice(0, fits)) {
      const problem = checkImageFile(file, t);
      if (problem) found.push(`${file.name}: ${problem}`);
      else accepted.push({ file, key: nextKey.current++ });
    }
    setProblems(found);
    setUploads((all) => [
      ...all,
      ...accepted.map(({ file, key }) => ({ key, name: file.name, progress: 0 })),
    ]);
    for (const { file, key } of accepted) queue.current = queue.current.then(() => uploadOne(file, key));
  };

  return { uploads, problems, announcement, setAnnouncement, choose, uploading: uploads.length > 0 };
}
