import { z } from './zod';
import { ImageFileSchema } from './images';
import { EmailAddressSchema, UpsertUserSchema } from './users';

/**
 * The account forms talk to Firebase Auth, not to the API, so these are the forms' rules alone
 * (docs/decisions/0034-forms-through-mantine-form.md); the profile part of registering is the
 * API's UpsertUserSchema, picked from it so both check the same name and e-mail.
 */

/** Firebase refuses a shorter password (auth/weak-password). */
export const MIN_PASSWORD_LENGTH = 6;

/** /login: e-mail and password. */
export const SignInSchema = z.object({ email: EmailAddressSchema, password: z.string().min(1) });
export type SignIn = z.infer<typeof SignInSchema>;

/** /forgot: where Firebase sends the reset link. */
export const PasswordResetSchema = z.object({ email: EmailAddressSchema });

/** /register: the profile the API stores (POST /users), the photo to upload and the new password. */
export const RegisterSchema = UpsertUserSchema.pick({ name: true, email: true, role: true }).extend({
  photo: ImageFileSchema,
  password: z.string().min(MIN_PASSWORD_LENGTH),
});
