import { useMutation } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Acknowledged } from 'shared-contracts/errors';
import type { NewsletterSubscribe } from 'shared-contracts/newsletter';

export const subscribeNewsletter = (body: NewsletterSubscribe) =>
  apiRequest<Acknowledged>('/newsletter', { method: 'POST', body });

export const useSubscribeNewsletter = () => useMutation({ mutationFn: subscribeNewsletter });
