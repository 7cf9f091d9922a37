import { apiRequest } from 'runtime-kernel';

/** POST /conversations/:id/read: everything up to this message was seen (never goes backwards). */
export const markConversationRead = (id: string, upTo: string) =>
  apiRequest<{ acknowledged: true; readUpTo: string }>(`/conversations/${encodeURIComponent(id)}/read`, {
    method: 'POST',
    auth: true,
    body: { upTo },
  });
