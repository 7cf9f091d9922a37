import { useState } from 'react';
import { toast } from 'shared-auth';
import type { User } from 'shared-contracts/users';
import type { ConfirmDialogProps } from '@/shared/components/ConfirmDialog';
import { errorMessage } from '@/shared/lib/error-message';
import { useChangeRole, type RoleAction } from '../api/change-role';

type Target = Pick<User, '_id' | 'name' | 'email'> & { roleBeforeAdmin?: 'buyer' | 'seller' };

/** Role changes ask first (docs/product.md#admins), then toast what changed or the API's refusal. */
export function useConfirmedRoleChange(action: RoleAction) {
  const change = useChangeRole(action);
  const [target, setTarget] = useState<Target | null>(null);
  const close = () => setTarget(null);
  const confirm = () => {
    if (!target) return;
    change.mutate(target._id, {
      onSuccess: (result) => {
        if (!result.changed)
          toast.success(
            `No change: ${result.email} is already ${result.after === 'admin' ? 'an admin' : `a ${result.after}`}.`,
          );
        else if (result.after === 'admin') toast.success(`${result.email} is now an admin.`);
        else toast.success(`${result.email} is no longer an admin (now ${result.after}).`);
        close();
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        close();
      },
    });
  };
  const name = target?.name ?? '';
  const copy =
    action === 'make-admin'
      ? {
          title: `Make ${name} an admin?`,
          message: `${name} (${target?.email ?? ''}) will manage users, listings and reports. You can revoke this on the Admins page.`,
          confirmLabel: 'Make admin',
          confirmColor: 'blue.8',
        }
      : {
          title: `Revoke ${name}'s admin role?`,
          message: `${name} (${target?.email ?? ''}) becomes a ${target?.roleBeforeAdmin ?? 'buyer'} again.`,
          confirmLabel: 'Revoke admin',
        };
  const dialogProps: ConfirmDialogProps = {
    ...copy,
    opened: target !== null,
    busy: change.isPending,
    onConfirm: confirm,
    onCancel: close,
  };
  return { ask: setTarget, dialogProps };
}
