import type { Profile, User } from 'shared-contracts/users';
import type { UserRow } from '../../db/schema/index';
import { resolveAssetUrl } from '../../lib/http';

/** A user row as the API's answer (shared-contracts/users.ts): never the uid or timestamps. */
export const toUser = (u: UserRow, publicApiUrl: string): User => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  url: u.photoUrl ? resolveAssetUrl(u.photoUrl, publicApiUrl) : null,
  role: u.role,
});

/** The signed-in user's own profile: the user, their language and whether they chose it. */
export const toProfile = (u: UserRow, publicApiUrl: string): Profile => ({
  ...toUser(u, publicApiUrl),
  language: u.language,
  languageChosen: u.languageChosenAt !== null,
});
