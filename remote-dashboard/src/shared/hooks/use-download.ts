import { useMutation } from '@tanstack/react-query';
import { toast } from 'runtime-kernel';
import { datedFilename, downloadFile } from '../lib/download-file';
import { errorMessage } from '../lib/error-message';

/**
 * A Download CSV button's action: `download()` fetches and saves the file, `isPending` keeps the
 * button busy meanwhile, and a refusal or a lost connection is told in a toast.
 */
export function useDownload(path: string, name: string) {
  const mutation = useMutation({
    mutationFn: () => downloadFile(path, datedFilename(name)),
    onError: (error) => toast.error(errorMessage(error)),
  });
  return { download: () => mutation.mutate(), isPending: mutation.isPending };
}
