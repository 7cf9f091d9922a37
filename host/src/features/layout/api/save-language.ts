import { apiRequest } from 'runtime-kernel';
import type { Language } from 'shared-contracts/locale';
import type { Profile } from 'shared-contracts/users';

/** PATCH /users/:email: the signed-in user's language, kept in their profile for every device. */
export const saveLanguage = (email: string, language: Language) =>
  apiRequest<Profile>(`/users/${encodeURIComponent(email)}`, {
    method: 'PATCH',
    body: { language },
    auth: true,
  });
