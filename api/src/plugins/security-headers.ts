import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Features no page of the API (JSON, images, the sandbox payment page) ever uses. */
export const API_PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
export const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityHeadersOptions {
  /** PUBLIC_API_URL: an https address means browsers reach the API over TLS (maybe ended at a proxy). */
  publicApiUrl: string;
}

/**
 * Security headers on every response of the API (docs/decisions/0028-secure-by-default.md), set
 * in onRequest before any other hook can answer (the catalogue cache answers there), so cached,
 * 404 and error responses carry them too. JSON and images need no script, style or frame: the
 * policy is `default-src 'none'`. The sandbox payment page sets its own (modules/payments/payments.routes.ts).
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, { publicApiUrl }: SecurityHeadersOptions) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'none'"],
        },
      },
      // Images are shown by the site and the remotes, which are other origins; JSON is read
      // through CORS, which this header does not touch.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
      // Sent below, and only over https: helmet would send it on plain http too.
      strictTransportSecurity: false,
    });
    const publicHttps = publicApiUrl.startsWith('https:');
    app.addHook('onRequest', async (request, reply) => {
      reply.header('permissions-policy', API_PERMISSIONS_POLICY);
      // request.protocol reads X-Forwarded-Proto only from the proxies TRUST_PROXY_HOPS trusts.
      if (publicHttps || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    });
  },
  { name: 'security-headers', fastify: '5.x' },
);
