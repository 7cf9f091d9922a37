import { apiRequest } from 'runtime-kernel';

/**
 * Saves a file the API writes (a CSV) under `filename`. A plain link cannot carry the bearer
 * token, so the file comes through the kernel's API client (its token, its language, its
 * `ApiError` on a refusal) and is handed to the browser as a Blob.
 */
export async function downloadFile(path: string, filename: string, type = 'text/csv;charset=utf-8') {
  const body = await apiRequest<unknown>(path, { auth: true });
  // The client reads the body as text (JSON when it is JSON, which a CSV never is).
  const blob = new Blob([typeof body === 'string' ? body : ''], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the save by now; the address is only needed that long.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `name-2026-05-01.csv`: the day it was taken, so two downloads do not overwrite each other's name. */
export const datedFilename = (name: string, now = new Date(), extension = 'csv') =>
  `${name}-${now.toISOString().slice(0, 10)}.${extension}`;
