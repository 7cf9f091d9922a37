import { z } from './zod';

/** POST /newsletter: public and idempotent; subscribing twice answers the same. */
export const NewsletterSubscribeSchema = z.object({ email: z.email().max(320) });
export type NewsletterSubscribe = z.infer<typeof NewsletterSubscribeSchema>;
