import { z } from 'zod';
import type { Auth } from 'firebase-admin/auth';
import type { Database } from '../db/index';
import { HttpError } from '../lib/errors';
import { seedIfEmpty } from '../seed/seed';
import { grantAdmin, revokeAdmin, type RoleChange } from '../modules/admins/admins.service';
import { operatorActor } from '../services/audit';

/**
 * The operator commands (api/README.md#operator-commands), run the same way whether the CLI opened
 * the database itself or the running API runs them for it through the operator channel.
 */
export const OPERATOR_COMMANDS = ['admin:grant', 'admin:revoke', 'seed'] as const;
export type OperatorCommand = (typeof OPERATOR_COMMANDS)[number];

export const OperatorRequestSchema = z.object({
  command: z.enum(OPERATOR_COMMANDS),
  args: z.array(z.string().max(320)).max(4),
});
export type OperatorRequest = z.infer<typeof OperatorRequestSchema>;

/** What the CLI prints and its exit code: 0 done (changed or nothing to change), 1 refused or not found, 2 usage. */
export interface OperatorResult {
  exitCode: 0 | 1 | 2;
  message: string;
}

export interface OperatorContext {
  db: Database;
  auth: Auth;
  /** Whether a seed creates the demo accounts (config.seedDemoAccounts). */
  withDemoAccounts: boolean;
}

const USAGE: Record<OperatorCommand, string> = {
  'admin:grant': 'Usage: pnpm --filter api admin:grant <email>',
  'admin:revoke': 'Usage: pnpm --filter api admin:revoke <email>',
  seed: 'Usage: pnpm --filter api seed',
};

function describeRoleChange(
  command: 'admin:grant' | 'admin:revoke',
  email: string,
  change: RoleChange,
): OperatorResult {
  switch (change.outcome) {
    case 'not-found':
      return { exitCode: 1, message: `No user with e-mail ${email}. They must sign up (POST /users) first.` };
    case 'deleted':
      return { exitCode: 1, message: `No change: the account ${email} is deleted.` };
    case 'unchanged':
      return {
        exitCode: 0,
        message:
          command === 'admin:grant'
            ? `No change: ${email} is already an admin.`
            : `No change: ${email} is not an admin (${change.user.role}).`,
      };
    case 'changed':
      return {
        exitCode: 0,
        message:
          command === 'admin:grant'
            ? `${email} is now an admin (was ${change.before}).`
            : `${email} is no longer an admin (now ${change.after}).`,
      };
  }
}

export async function runOperatorCommand(
  ctx: OperatorContext,
  request: OperatorRequest,
): Promise<OperatorResult> {
  const { command, args } = request;
  if (command === 'seed') {
    if (args.length > 0) return { exitCode: 2, message: USAGE.seed };
    const lines: string[] = [];
    const seeded = await seedIfEmpty({
      db: ctx.db,
      auth: ctx.auth,
      withDemoAccounts: ctx.withDemoAccounts,
      log: (m) => lines.push(m),
    });
    return {
      exitCode: 0,
      message: seeded
        ? ['Seeded the empty database with the demo catalogue and accounts.', ...lines].join('\n')
        : 'No change: the database already has data; nothing seeded.',
    };
  }
  const email = z.email().safeParse(args[0]?.trim().toLowerCase());
  if (args.length !== 1 || !email.success) return { exitCode: 2, message: USAGE[command] };
  const actor = operatorActor(command);
  try {
    const change =
      command === 'admin:grant'
        ? await grantAdmin(ctx.db, actor, { email: email.data })
        : await revokeAdmin(ctx.db, actor, { email: email.data });
    return describeRoleChange(command, email.data, change);
  } catch (err) {
    if (err instanceof HttpError && err.code === 'last_admin') {
      return { exitCode: 1, message: `Refused: ${err.message}` };
    }
    throw err;
  }
}
