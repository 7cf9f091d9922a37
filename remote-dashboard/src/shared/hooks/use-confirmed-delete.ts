import { useState } from 'react';
import { toast } from 'runtime-kernel';
import { useT } from '@/shared/i18n';
import { errorMessage } from '../lib/error-message';

/** What the flow needs of a delete mutation (TanStack Query's useMutation result fits). */
interface DeleteMutation {
  isPending: boolean;
  mutate: (
    id: string,
    options: { onSuccess: (result: { acknowledged: boolean }) => void; onError: (error: unknown) => void },
  ) => void;
}

/**
 * The delete flow of docs/product.md#dashboard, shared by the dashboard's tables: ask in the confirmation dialog, then
 * 'Delete Successfully' (or the API's reason) and close. The list refetches through the mutation.
 */
export function useConfirmedDelete<T extends { _id: string }>(remove: DeleteMutation) {
  const t = useT();
  const [target, setTarget] = useState<T | null>(null);
  const close = () => setTarget(null);
  const confirm = () => {
    if (!target) return;
    remove.mutate(target._id, {
      onSuccess: (result) => {
        if (result.acknowledged) toast.success(t('common.deleted'));
        close();
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        close();
      },
    });
  };
  return {
    ask: setTarget,
    dialogProps: { opened: target !== null, busy: remove.isPending, onConfirm: confirm, onCancel: close },
  };
}
