import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq, or } from 'drizzle-orm';
import type { Auth } from 'firebase-admin/auth';
import type { Role } from 'shared-contracts/users';
import type { Database } from '../db/index';
import { users, type UserRow } from '../db/schema/index';
import { forbidden, HttpError, unauthorized } from '../lib/errors';
import { looksLikeApiToken, verifyApiToken } from './api-token';

/**
 * The declared access policy of a route (route `config.access`), checked by one hook:
 *  - 'public'     anyone;
 *  - 'signed-in'  a valid Firebase ID token (or API token), no profile needed yet (POST /users, /jwt, images);
 *  - 'user'       signed in AND a (not deleted) profile in our database, any role;
 *  - Role[]       a profile whose role (loaded from our database, never from the token) is listed.
 * Ownership ("own listing", "own bookings or admin") is one rule, `owns` / `requireOwner` below:
 * a module's repository loads the resource, its service asks these helpers about the owner it found.
 */
export type Access = 'public' | 'signed-in' | 'user' | readonly Role[];

export interface Identity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  /** 'firebase' for an ID token, 'api' for a token from GET /jwt. */
  source: 'firebase' | 'api';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    identity: Identity | null;
    user: UserRow | null;
  }
}

export const isAdmin = (user: UserRow | null) => user?.role === 'admin';

/** Who owns a resource: their user id, or for routes that name a person by e-mail, that e-mail. */
export type Owner = { id: string } | { email: string };

/**
 * Ownership, the one rule of the API: the caller owns a resource when its owner is them; an admin
 * counts as owner only where the route allows admins (`admin: true`; docs/product.md and the
 * authorization table of api/README.md say which).
 */
export function owns(caller: UserRow, owner: Owner, { admin = false }: { admin?: boolean } = {}): boolean {
  if (admin && isAdmin(caller)) return true;
  return 'id' in owner ? owner.id === caller.id : owner.email === caller.email;
}

/** `owns`, or 403 with `message` (routes whose refusal says the resource is someone else's). */
export function requireOwner(caller: UserRow, owner: Owner, message: string, options?: { admin?: boolean }) {
  if (!owns(caller, owner, options)) throw forbidden(message);
}

/** The profile of a signed-in caller; throws when the route did not guarantee one. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw forbidden('Create your profile first (POST /users)', 'profile_required');
  return request.user;
}

export function requireIdentity(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}

export interface AccessOptions {
  db: Database;
  auth: Auth;
  apiTokenSecret: string;
  prefix: string;
  publicPrefixes: string[];
}

async function identify(request: FastifyRequest, opts: AccessOptions): Promise<Identity | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1] || match[1] === 'null' || match[1] === 'undefined')
    throw unauthorized('Malformed bearer token');
  const token = match[1];
  if (token.length > 8192) throw unauthorized('Malformed bearer token');
  if (looksLikeApiToken(token)) {
    const claims = verifyApiToken(opts.apiTokenSecret, token);
    if (!claims) throw unauthorized('Invalid or expired access token', 'invalid_token');
    return {
      uid: claims.sub,
      email: claims.email,
      emailVerified: true,
      name: null,
      picture: null,
      source: 'api',
    };
  }
  try {
    const decoded = await opts.auth.verifyIdToken(token, false);
    return {
      uid: decoded.uid,
      email: decoded.email?.toLowerCase() ?? null,
      emailVerified: decoded.email_verified === true,
      name: typeof decoded.name === 'string' ? decoded.name : null,
      picture: decoded.picture ?? null,
      source: 'firebase',
    };
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code.startsWith('auth/')) throw unauthorized('Invalid or expired ID token', 'invalid_token');
    request.log.error({ err }, 'token verification failed');
    throw new HttpError(503, 'auth_unavailable', 'The authentication service cannot be reached');
  }
}

async function loadUser(db: Database, identity: Identity): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(
      identity.email
        ? or(eq(users.firebaseUid, identity.uid), eq(users.email, identity.email))
        : eq(users.firebaseUid, identity.uid),
    )
    .limit(2);
  // Prefer the row bound to this uid; an unbound row (created before its Firebase account) is only
  // claimed through a verified e-mail.
  return (
    rows.find((r) => r.firebaseUid === identity.uid) ??
    (identity.emailVerified ? rows.find((r) => r.firebaseUid === null) : undefined) ??
    null
  );
}

export const accessControl = fp<AccessOptions>(async (app: FastifyInstance, opts) => {
  app.decorateRequest('identity', null);
  app.decorateRequest('user', null);

  // Fail closed: every API route must declare who may call it.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(opts.prefix)) return;
    const methods = [route.method].flat().map(String);
    if (
      opts.publicPrefixes.some((p) => route.url.startsWith(p)) &&
      methods.every((m) => m === 'GET' || m === 'HEAD')
    )
      return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (access === undefined) throw new Error(`Route ${route.method} ${route.url} declares no access policy`);
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const identity = await identify(request, opts);
    if (!identity) throw unauthorized();
    request.identity = identity;
    const user = await loadUser(opts.db, identity);
    if (user?.deletedAt) throw unauthorized('This account has been deleted', 'account_deleted');
    request.user = user;
    if (access === 'signed-in') return;
    if (!user) throw forbidden('Create your profile first (POST /users)', 'profile_required');
    if (access === 'user') return;
    if (!access.includes(user.role)) {
      throw forbidden(`This needs the ${access.join(' or ')} role; you are a ${user.role}`);
    }
  });
});
