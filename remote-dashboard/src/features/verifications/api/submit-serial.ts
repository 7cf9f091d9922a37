import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { MyVerification } from 'shared-contracts/verifications';

/** POST /products/{id}/verification: the serial; the answer has the one-time code and the last 4. */
export const submitSerial = (productId: string, serial: string) =>
  apiRequest<MyVerification>(`/products/${encodeURIComponent(productId)}/verification`, {
    method: 'POST',
    auth: true,
    body: { serial },
  });

export const useSubmitSerial = (productId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serial: string) => submitSerial(productId, serial),
    onSuccess: (verification) => queryClient.setQueryData(['my-verification', productId], { verification }),
  });
};
