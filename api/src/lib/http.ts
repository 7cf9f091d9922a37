import type { FastifyReply } from 'fastify';
import { TOTAL_COUNT_HEADER, type PaginationQuery } from 'shared-contracts/pagination';

export const pageWindow = (q: PaginationQuery) => ({ limit: q.limit, offset: (q.page - 1) * q.limit });

export function sendTotal(reply: FastifyReply, total: number) {
  reply.header(TOTAL_COUNT_HEADER, String(total));
}

/** Stored image paths are relative to PUBLIC_API_URL so the data survives a change of host. */
export function resolveAssetUrl(url: string | null, publicApiUrl: string): string {
  if (!url) return '';
  if (/^https?:\/\//i.test(url)) return url;
  return `${publicApiUrl}/${url.replace(/^\/+/, '')}`;
}

export const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
