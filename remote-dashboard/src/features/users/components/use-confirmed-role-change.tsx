import { useState } from 'react';
import { toast } from 'runtime-kernel';
import type { User } from 'shared-contracts/users';
import type { ConfirmDialogProps } from '@/shared/components/ConfirmDialog';
import { errorMessage } from '@/shared/lib/error-message';
import { useT } from '@/shared/i18n';
import { useChangeRole, type RoleAction } from '../api/change-role';

type Target = Pick<User, '_id' | 'name' | 'email'> & { roleBeforeAdmin?: 'buyer' | 'seller' };

/** Role changes ask first (docs/product.md#admins), then toast what changed or the API's refusal. */
export function useConfirmedRoleChange(action: RoleAction) {
  const t = useT();
  const change = useChangeRole(action);
  const [target, setTarget] = useState<Target | null>(null);
  const close = () => setTarget(null);
  const confirm = () => {
    if (!target) return;
    change.mutate(target._id, {
      onSuccess: (result) => {
        const { email, after } = result;
        if (!result.changed) toast.success(t(`roleChange.already.${after}`, { email }));
        else if (after === 'admin') toast.success(t('roleChange.nowAdmin', { email }));
        else toast.success(t('roleChange.noLongerAdmin', { email, role: t(`admins.roles.${after}`) }));
        close();
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        close();
      },
    });
  };
  const who = { name: target?.name ?? '', email: target?.email ?? '' };
  const copy =
    action === 'make-admin'
      ? {
          title: t('roleChange.makeTitle', who),
          message: t('roleChange.makeMessage', who),
          confirmLabel: t('roleChange.makeConfirm'),
          confirmColor: 'blue.8',
        }
      : {
          title: t('roleChange.revokeTitle', who),
          message: t('roleChange.revokeMessage', {
            ...who,
            role: t(`admins.roles.${target?.roleBeforeAdmin ?? 'buyer'}`),
          }),
          confirmLabel: t('roleChange.revokeConfirm'),
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
