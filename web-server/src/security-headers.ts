// Security headers on every response of the host's and the remotes' servers
// (docs/decisions/0028-secure-by-default.md): helmet sets them in the first onRequest hook, so
// files, pages, JSON, 404s, 405s and 400s all carry them. The host's pages get a
// Content-Security-Policy that names, per request, the origins the page really uses (the live
// remotes, the API, Firebase Auth) and a fresh nonce for the few inline scripts of a
// server-rendered page; a remote's files get a policy for files, which never run as a page.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Where a host page's resources come from, besides its own origin (sitePageSources). */
export interface PageSources {
  /** Scripts, stylesheets, fonts and images of the live remotes. */
  remotes: string[];
  /** The API: JSON calls and its stored images. */
  api: string[];
  /** What the page calls besides the API and the remotes: Firebase Auth, EmailJS. */
  connect: string[];
  /** Scripts loaded from elsewhere: Google sign-in's helper. */
  scripts: string[];
  /** Frames the page opens: Firebase Auth's helper frame (Google sign-in). */
  frames: string[];
}

export interface SecurityHeadersOptions {
  /**
   * The host: the sources of this request's page policy (read per request, like /remotes.json,
   * so a promoted release at a new address is allowed at once). Without it: a remote's policy.
   */
  pageSources?: () => PageSources;
  /** The site's public URL (WEB_ORIGIN): https there means browsers reach every part over TLS. */
  publicUrl?: string;
}

export const SITE_PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
export const HSTS = 'max-age=31536000; includeSubDomains';

interface RequestSecurity {
  nonce: string;
  sources?: PageSources;
}

const perRequest = new WeakMap<IncomingMessage, RequestSecurity>();

function security(raw: IncomingMessage): RequestSecurity {
  let entry = perRequest.get(raw);
  if (!entry) {
    entry = { nonce: randomBytes(16).toString('base64') };
    perRequest.set(raw, entry);
  }
  return entry;
}

/** This response's Content-Security-Policy nonce: inline scripts of the page must carry it. */
export function cspNonce(request: FastifyRequest): string {
  return security(request.raw).nonce;
}

/** An origin (scheme://host:port) of a URL, or nothing for what is not an http(s) URL. */
export function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? [parsed.origin] : [];
  } catch {
    return [];
  }
}

const unique = (values: string[]) => [...new Set(values)];

interface SiteConfig {
  apiUrl: string;
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl?: string;
  emailjs: { origin?: string };
}

/**
 * The sources of a host page, from what the host serves as /app-config.json and /remotes.json:
 * exactly what the browser is told to use, nothing more.
 */
export function sitePageSources(config: SiteConfig, remotes: Record<string, string>): PageSources {
  const emulator = originOf(config.authEmulatorUrl);
  const firebase =
    emulator.length > 0
      ? emulator
      : // Real Firebase Auth: sign-in and token refresh.
        ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
  return {
    remotes: unique(Object.values(remotes).flatMap(originOf)),
    api: originOf(config.apiUrl),
    connect: unique([...firebase, ...originOf(config.emailjs.origin)]),
    // signInWithPopup loads Google's api.js, then Firebase's helper frame from the auth domain
    // (or from the emulator).
    scripts: ['https://apis.google.com'],
    frames: emulator.length > 0 ? emulator : originOf(`https://${config.firebase.authDomain}`),
  };
}

type Directive = string | ((req: IncomingMessage) => string);

/**
 * Registers the headers on `app`; call it before any other hook, so they come first (Fastify runs
 * hooks and registrations in the order they were made).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const { pageSources } = options;
  const sourcesOf = (req: IncomingMessage): PageSources => {
    const entry = security(req);
    entry.sources ??= pageSources!();
    return entry.sources;
  };
  const list =
    (pick: (sources: PageSources) => string[][]) =>
    (req: IncomingMessage): string =>
      unique(pick(sourcesOf(req)).flat()).join(' ');
  const nonce = (req: IncomingMessage) => `'nonce-${security(req).nonce}'`;

  const pageDirectives: Record<string, Directive[]> = {
    defaultSrc: ["'self'"],
    // No 'unsafe-inline', no 'unsafe-eval': our files, the remotes' files, and inline scripts
    // only with this response's nonce.
    scriptSrc: ["'self'", nonce, list((s) => [s.remotes, s.scripts])],
    // Mantine and React write style attributes and <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'", list((s) => [s.remotes])],
    imgSrc: ["'self'", 'data:', 'blob:', list((s) => [s.api, s.remotes])],
    fontSrc: ["'self'", 'data:', list((s) => [s.remotes])],
    connectSrc: ["'self'", list((s) => [s.api, s.remotes, s.connect])],
    frameSrc: ["'self'", list((s) => [s.frames])],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
  // A remote serves files (scripts, styles, manifests) that run inside the host's page, under
  // the host's policy; as a document of its own, nothing of it may run or be framed.
  const fileDirectives: Record<string, Directive[]> = {
    defaultSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'none'"],
  };

  void app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: pageSources ? pageDirectives : fileDirectives,
    },
    // A remote's files are loaded by the host's page, another origin.
    crossOriginResourcePolicy: { policy: pageSources ? 'same-origin' : 'cross-origin' },
    // Firebase's Google sign-in watches the popup it opens; same-origin would cut it off.
    crossOriginOpenerPolicy: { policy: pageSources ? 'same-origin-allow-popups' : 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Sent below, and only over https: helmet would send it on plain http too.
    strictTransportSecurity: false,
  });

  const publicHttps = options.publicUrl?.startsWith('https:') ?? false;
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', SITE_PERMISSIONS_POLICY);
    // request.protocol reads X-Forwarded-Proto only from the proxies the server trusts
    // (TRUST_PROXY_HOPS, common.ts).
    if (publicHttps || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
