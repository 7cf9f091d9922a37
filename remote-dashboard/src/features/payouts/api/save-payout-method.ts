import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Balance, PayoutMethod, PayoutMethodInput } from 'shared-contracts/money';

/** PUT /payout-method (seller): where their payouts go from now on; answers it masked. */
export const savePayoutMethod = (method: PayoutMethodInput) =>
  apiRequest<PayoutMethod>('/payout-method', { method: 'PUT', body: method, auth: true });

export const useSavePayoutMethod = (uid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutMethod,
    // The balance carries the method: the card shows the new one at once, then the page reads again.
    onSuccess: (method) =>
      queryClient.setQueryData<Balance>(['balance', uid], (balance) => balance && { ...balance, method }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['balance', uid] }),
  });
};
