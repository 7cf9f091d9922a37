import { lookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';
import { MAX_IMAGE_BYTES } from 'shared-contracts/images';
import { encodeImage, type EncodedImage } from './images.service';

/**
 * Fetches a listing's image from another site, once and server-side, so it can be stored as one
 * of ours (docs/decisions/0047-import-foreign-listing-images.md). A URL that anyone may type must
 * not make the API reach its own network: only https, only public addresses (checked on the
 * address the socket connects to, at every redirect), at most 5 MB within 5 seconds, and only
 * what sharp decodes as a JPEG, PNG or WebP.
 */

export const IMAGE_IMPORT_TIMEOUT_MS = 5_000;
export const IMAGE_IMPORT_MAX_REDIRECTS = 3;
const MAX_MB = MAX_IMAGE_BYTES / 1024 / 1024;

/** Why an image could not be imported, as the rest of a sentence after the field's name. */
export class ImageImportError extends Error {}

export interface ImageImportOptions {
  /** Addresses taken as public: the tests' own image server (config.imageImport). */
  allowAddresses: readonly string[];
  /** PEM of an extra certificate authority to trust (the tests' self-signed server). */
  extraCa?: string;
}

/**
 * Whether an address is on the public internet. Only ipaddr.js's 'unicast' range passes: that
 * leaves out loopback, private, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
 * multicast, unspecified, unique-local IPv6, and the IPv6 forms that carry an IPv4 address inside
 * (IPv4-mapped is judged by the IPv4 address it maps).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  const ip = parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress() ? parsed.toIPv4Address() : parsed;
  return ip.range() === 'unicast';
}

class RefusedAddress extends Error {}

const refusedAddressMessage = (address: string) =>
  `leads to ${address}, a private or local network address; only images on the public internet are imported`;

/**
 * The socket's own name lookup (undici's connect.lookup): every address the name resolves to
 * must be public, and the socket connects to the addresses checked here, so a second lookup
 * between check and connect cannot swap in another.
 */
function guardedLookup(allowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { family: options.family ?? 0, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((a) => !allowed(a.address));
      if (refused) return callback(new RefusedAddress(refusedAddressMessage(refused.address)), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new RefusedAddress(`${hostname} has no address`), '');
      callback(null, first.address, first.family);
    });
  };
}

/** The cause chain of an error undici threw, looking for our own refusal or a timeout. */
function explain(error: unknown): ImageImportError {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e instanceof ImageImportError) return e;
    if (e instanceof RefusedAddress) return new ImageImportError(e.message);
    if (e.name === 'TimeoutError' || e.name === 'AbortError' || /timeout/i.test(e.name))
      return new ImageImportError(`did not arrive within ${IMAGE_IMPORT_TIMEOUT_MS / 1000} seconds`);
  }
  const code = error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : 'unknown';
  return new ImageImportError(`could not be fetched (${code})`);
}

function requireHttps(url: URL, redirected: boolean) {
  if (url.protocol !== 'https:')
    throw new ImageImportError(
      redirected
        ? 'redirects to an address that is not https; only https images are imported'
        : 'must be an https URL to import an image from another site',
    );
}

/** Reads a body up to the limit, stopping (and dropping the connection) the moment it is passed. */
async function readLimited(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_IMAGE_BYTES) {
      body.destroy();
      throw new ImageImportError(`is larger than ${MAX_MB} MB`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches and re-encodes the image at `address`. Throws ImageImportError with a message that
 * completes "body.image: …" for anything this module refuses.
 */
export async function importImage(address: string, options: ImageImportOptions): Promise<EncodedImage> {
  const allowed = (ip: string) => options.allowAddresses.includes(ip) || isPublicAddress(ip);
  const agent = new Agent({
    connect: {
      lookup: guardedLookup(allowed),
      // Node's `ca` replaces the default roots: the extra one joins them instead.
      ca: options.extraCa ? [...rootCertificates, options.extraCa] : undefined,
    },
  });
  // One budget for every hop and the body: a slow server cannot stretch it with redirects.
  const signal = AbortSignal.timeout(IMAGE_IMPORT_TIMEOUT_MS);
  try {
    let url = new URL(address);
    for (let hop = 0; ; hop++) {
      requireHttps(url, hop > 0);
      // A literal address never reaches the lookup above: the socket connects to it as written.
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (ipaddr.isValid(host) && !allowed(host)) throw new ImageImportError(refusedAddressMessage(host));
      const response = await request(url, {
        dispatcher: agent,
        signal,
        headers: { accept: 'image/webp,image/png,image/jpeg' },
      });
      if (response.statusCode >= 300 && response.statusCode < 400 && response.headers.location) {
        await response.body.dump();
        if (hop >= IMAGE_IMPORT_MAX_REDIRECTS)
          throw new ImageImportError(`redirects more than ${IMAGE_IMPORT_MAX_REDIRECTS} times`);
        url = new URL(String(response.headers.location), url);
        continue;
      }
      if (response.statusCode !== 200) {
        await response.body.dump();
        throw new ImageImportError(`answered HTTP ${response.statusCode} instead of an image`);
      }
      const type = String(response.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      if (!type.startsWith('image/')) {
        await response.body.dump();
        throw new ImageImportError(`is not an image (${type || 'no content type'}); JPEG, PNG or WebP only`);
      }
      if (Number(response.headers['content-length'] ?? 0) > MAX_IMAGE_BYTES) {
        response.body.destroy();
        throw new ImageImportError(`is larger than ${MAX_MB} MB`);
      }
      const encoded = await encodeImage(await readLimited(response.body));
      if (typeof encoded === 'string')
        throw new ImageImportError('could not be decoded as a JPEG, PNG or WebP image');
      return encoded;
    }
  } catch (error) {
    throw explain(error);
  } finally {
    void agent.destroy();
  }
}
