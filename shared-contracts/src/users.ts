import { z } from './zod';
import { singleLineText } from './text';
import { OwnImageUrlSchema } from './images';
import { listQuerySchema } from './pagination';
import { Languages } from './locale';

export const Roles = ['buyer', 'seller', 'admin'] as const;
export const RoleSchema = z.enum(Roles);
export type Role = z.infer<typeof RoleSchema>;

/** Roles a user may choose at sign-up. Admin is granted by the CLI or the seed only. */
export const SelfAssignableRoleSchema = z.enum(['buyer', 'seller']);

export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  url: z.string().nullable().describe('Photo URL'),
  role: RoleSchema,
});
export type User = z.infer<typeof UserSchema>;
export const UserListSchema = z.array(UserSchema);

export const LanguageSchema = z.enum(Languages);

/**
 * GET /users/:email: the user and the language they read the site in, which their e-mails are
 * written in (English until they sign up or switch in another). `languageChosen`: they picked it
 * with the site's switch, so the site takes it up when they sign in on another device.
 */
export const ProfileSchema = UserSchema.extend({ language: LanguageSchema, languageChosen: z.boolean() });
export type Profile = z.infer<typeof ProfileSchema>;

/** PATCH /users/:email: what a user changes about themselves (today, their language). */
export const UpdateProfileSchema = z.strictObject({ language: LanguageSchema });
export type UpdateProfile = z.infer<typeof UpdateProfileSchema>;

/** Every e-mail address a client sends: the shape zod knows, at most as long as SMTP allows. */
export const EmailAddressSchema = z.email().max(320);

/**
 * POST /users: upsert on the verified e-mail of the caller's token. `email` must match it.
 * An existing user keeps their role (Google sign-in sends 'buyer' every time).
 */
export const UpsertUserSchema = z.object({
  name: singleLineText().trim().min(1).max(100),
  email: EmailAddressSchema,
  url: OwnImageUrlSchema.nullish(),
  role: SelfAssignableRoleSchema.default('seller'),
  /** The language a new profile starts in (the page's at sign-up); an existing one keeps its own. */
  language: LanguageSchema.optional(),
});
export type UpsertUser = z.infer<typeof UpsertUserSchema>;

export const UpsertUserResultSchema = z.object({
  acknowledged: z.boolean(),
  insertedId: z.string().nullable().describe('Id of the created user, null when it already existed'),
  _id: z.string(),
  role: RoleSchema,
});
export type UpsertUserResult = z.infer<typeof UpsertUserResultSchema>;

export const EmailParamsSchema = z.object({ email: z.email().max(320) });

export const JwtQuerySchema = z.object({ email: z.email().max(320) });
export const JwtResponseSchema = z.object({ accessToken: z.string() });
export type JwtResponse = z.infer<typeof JwtResponseSchema>;

export const DashboardSummarySchema = z.object({
  role: RoleSchema,
  counts: z.record(z.string(), z.number().int()),
});
export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;

/** GET /admin (admin only): the admins, with the role revoking gives back (docs/product.md#admins). */
export const AdminSchema = UserSchema.extend({
  roleBeforeAdmin: z.enum(['buyer', 'seller']).describe('The role revoking gives back'),
});
export type Admin = z.infer<typeof AdminSchema>;
export const AdminListSchema = z.array(AdminSchema);

/** POST /users/{id}/make-admin and /revoke-admin: the role before and after (equal when nothing changed). */
export const RoleChangeResultSchema = z.object({
  acknowledged: z.boolean(),
  changed: z.boolean(),
  email: z.string(),
  before: RoleSchema,
  after: RoleSchema,
});
export type RoleChangeResult = z.infer<typeof RoleChangeResultSchema>;

/** GET /seller, /buyer and /admin (admin only): newest first; `q` matches name or e-mail. */
export const UserListSorts = { createdAt: 'desc', name: 'asc', email: 'asc' } as const;
export const UserListQuerySchema = listQuerySchema(UserListSorts);
export type UserListQuery = z.infer<typeof UserListQuerySchema>;
