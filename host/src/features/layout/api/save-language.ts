import { apiRequest } from 'runtime-kernel';
import type { Language } from 'shared-contracts/locale';
import type { Profile } from 'shared-contracts/users';

// The switch can be pressed again before a save has landed. Saves go one after another, and one
// that a newer choice has overtaken is not sent: two saves in flight could land in either order
// and leave the profile on the language the user left.
let previousSave: Promise<unknown> = Promise.resolve();
let newestChoice = 0;

/**
 * PATCH /users/:email: the signed-in user's language, kept in their profile for every device.
 * Resolves with the saved profile, or undefined when a newer choice took this one's place.
 */
export function saveLanguage(email: string, language: Language): Promise<Profile | undefined> {
  const choice = ++newestChoice;
  const save = previousSave
    .catch(() => undefined)
    .then(() =>
      choice === newestChoice
        ? apiRequest<Profile>(`/users/${encodeURIComponent(email)}`, {
            method: 'PATCH',
            body: { language },
            auth: true,
          })
        : undefined,
    );
  previousSave = save;
  return save;
}
