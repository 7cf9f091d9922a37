import type { FastifyReply, FastifyRequest } from 'fastify';
import { isImageFileName, ownImageFileName } from 'shared-contracts/image-sizes';
import { LINK_HEADER, TOTAL_COUNT_HEADER, type PaginationQuery } from 'shared-contracts/pagination';

export const pageWindow = (q: PaginationQuery) => ({ limit: q.limit, offset: (q.page - 1) * q.limit });

export function sendTotal(reply: FastifyReply, total: number) {
  reply.header(TOTAL_COUNT_HEADER, String(total));
}

/** `Link: <same path?cursor=…&limit=…>; rel="next"` (RFC 8288) when a keyset list has a next page. */
export function sendNextLink(request: FastifyRequest, reply: FastifyReply, next: string | null) {
  if (next === null) return;
  const url = new URL(request.url, 'http://api.invalid');
  url.searchParams.delete('page');
  url.searchParams.set('cursor', next);
  reply.header(LINK_HEADER, `<${url.pathname}${url.search}>; rel="next"`);
}

/** What a listing or profile whose stored image is not ours shows (seed/images.ts renders it). */
export const PLACEHOLDER_IMAGE_PATH = 'images/placeholder-photo.webp';

/**
 * Stored image paths are relative to PUBLIC_API_URL so the data survives a change of host. Only our
 * own images are ever shown: an absolute URL with our image path is served by us (whatever host it
 * names), and anything else a row from before that rule holds (another host, a data: URL) becomes
 * the placeholder, so no page makes a browser call someone else's server (docs/product.md#photos).
 */
export function resolveAssetUrl(url: string | null, publicApiUrl: string): string {
  if (!url) return '';
  const name = url.startsWith('images/') ? url.slice('images/'.length) : ownImageFileName(url);
  if (name && isImageFileName(name)) return `${publicApiUrl}/images/${name}`;
  return `${publicApiUrl}/${PLACEHOLDER_IMAGE_PATH}`;
}

export const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
