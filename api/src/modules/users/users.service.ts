import type { UpdateProfile, UpsertUser } from 'shared-contracts/users';
import type { Database } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import { isAdmin, type Identity } from '../../auth/access';
import { signApiToken } from '../../auth/api-token';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { adminActor, recordAudit } from '../../services/audit';
import {
  findLiveUserByEmail,
  insertUser,
  lockUser,
  setUserLanguage,
  softDeleteUserWithRole,
  updateUser,
} from './users.repository';

/**
 * GET /users/:email: one's own profile (the e-mail of one's token, so a caller without a profile
 * yet gets 404, not 403), or anyone's for an admin.
 */
export async function readProfile(db: Database, identity: Identity, caller: UserRow | null, email: string) {
  if (email !== identity.email && !isAdmin(caller)) throw forbidden('You can only read your own profile');
  const user = await findLiveUserByEmail(db, email);
  if (!user) throw notFound(`No user with e-mail ${email}`, 'user_not_found');
  return user;
}

/**
 * PATCH /users/:email: a user changes their own profile (their language); nobody else may, an
 * admin included: it is the reader's choice.
 */
export async function updateProfile(db: Database, identity: Identity, email: string, input: UpdateProfile) {
  if (email !== identity.email) throw forbidden('You can only change your own profile');
  const user = await findLiveUserByEmail(db, email);
  if (!user) throw notFound(`No user with e-mail ${email}`, 'user_not_found');
  return (await setUserLanguage(db, user.id, input.language)) ?? user;
}

/** GET /jwt: an API token, only for the verified e-mail the caller is signed in with. */
export function issueApiToken(secret: string, identity: Identity, email: string) {
  if (identity.email !== email)
    throw forbidden('A token is only issued for the e-mail you are signed in with');
  if (!identity.emailVerified) {
    throw forbidden(
      'Verify your e-mail address first, or use your ID token as the bearer',
      'email_not_verified',
    );
  }
  return signApiToken(secret, identity.uid, email);
}

/**
 * POST /users upserts on the caller's verified token e-mail. A new user gets the chosen role
 * (buyer or seller, never admin); an existing user keeps theirs, so a seller who later signs in
 * with Google (which always sends 'buyer') stays a seller.
 */
export async function upsertUser(db: Database, identity: Identity, input: UpsertUser) {
  const email = input.email.toLowerCase();
  if (!identity.email) throw badRequest('Your account has no e-mail address', 'email_required');
  if (identity.email !== email) throw forbidden('The e-mail must be the one you are signed in with');
  return db.transaction(async (tx) => {
    const existing = await lockUser(tx, { email });
    if (existing?.deletedAt) throw unauthorized('This account has been deleted', 'account_deleted');
    if (existing) {
      if (existing.firebaseUid && existing.firebaseUid !== identity.uid) {
        throw conflict('This e-mail belongs to another account', 'email_taken');
      }
      // A row created before its Firebase account (seed, import) is claimed only with a verified e-mail.
      if (!existing.firebaseUid && !identity.emailVerified) {
        throw conflict('Verify your e-mail address to claim this account', 'email_taken');
      }
      const updated = await updateUser(tx, existing.id, {
        firebaseUid: identity.uid,
        name: input.name,
        photoUrl: input.url ?? existing.photoUrl,
      });
      return { created: false, user: updated ?? existing };
    }
    const created = await insertUser(tx, {
      id: newId(),
      firebaseUid: identity.uid,
      email,
      name: input.name,
      photoUrl: input.url ?? null,
      role: input.role,
      language: input.language ?? 'en',
    });
    return { created: true, user: created };
  });
}

/** DELETE /buyer/:id and /seller/:id: soft delete of a user of that role, written to the audit log. */
export async function softDeleteUser(db: Database, admin: UserRow, id: string, role: 'buyer' | 'seller') {
  await db.transaction(async (tx) => {
    const deleted = await softDeleteUserWithRole(tx, id, role);
    if (!deleted) throw notFound(`No ${role} with id ${id}`, 'user_not_found');
    await recordAudit(tx, adminActor(admin), {
      action: 'user.delete',
      targetType: 'user',
      targetId: deleted.id,
      targetLabel: deleted.email,
      before: { role, deleted: false },
      after: { role, deleted: true },
    });
  });
}
