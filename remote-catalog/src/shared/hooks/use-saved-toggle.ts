import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, toast, useAuthStore, useConfirmedUid } from 'runtime-kernel';
import type { SavedIds } from 'shared-contracts/saved';
import { queryKeys } from 'web-kit/query-keys';
import { savedIdsQueryOptions } from '@/shared/api/get-saved-ids';
import { setSaved } from '@/shared/api/set-saved';
import { useT } from '@/shared/i18n';

/**
 * The heart of one listing (docs/product.md#saved-laptops): whether the signed-in user saved it,
 * and a toggle that shows the new state at once and puts the old one back if the API refuses.
 * A signed-out visitor is sent to /login, which brings them back here.
 */
export function useSavedToggle(productId: string) {
  const t = useT();
  const user = useAuthStore((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const uid = user?.uid ?? '';
  // The hearts wait for Firebase to confirm the hinted user (auth-store's `sessionConfirmed`), so
  // a signed-in page's first load does not fetch Firebase for them; a tap loads it at once.
  const confirmedUid = useConfirmedUid();
  const ids = useQuery({ ...savedIdsQueryOptions(uid), enabled: !!user && confirmedUid === user.uid });
  const saved = ids.data?.includes(productId) ?? false;

  const mutation = useMutation({
    mutationFn: (next: boolean) => setSaved(productId, next),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.saved.ids(uid) });
      const previous = queryClient.getQueryData<SavedIds>(queryKeys.saved.ids(uid));
      const others = (previous?.ids ?? []).filter((id) => id !== productId);
      queryClient.setQueryData<SavedIds>(queryKeys.saved.ids(uid), {
        ids: next ? [productId, ...others] : others,
      });
      return { previous };
    },
    onError: (error, _next, context) => {
      queryClient.setQueryData(queryKeys.saved.ids(uid), context?.previous);
      toast.error(error instanceof ApiError ? error.message : t('saved.failed'));
    },
    // The dashboard's Saved page reads the same data.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.saved.all() }),
  });

  const toggle = () => {
    if (!user) {
      navigate('/login', { state: { from: location } });
      return;
    }
    mutation.mutate(!saved);
  };
  return { saved, toggle, pending: mutation.isPending };
}
