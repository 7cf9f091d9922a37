import { z } from './zod';
import { Languages } from './locale';
import { multiLineText, singleLineText } from './text';

/**
 * The contact form goes through @emailjs/browser. With its origin set to
 * `${PUBLIC_API_URL}/emailjs`, the SDK posts to the API's EmailJS-compatible endpoints:
 *  - POST /emailjs/api/v1.0/email/send       JSON EmailJsSendSchema
 *  - POST /emailjs/api/v1.0/email/send-form  multipart form: the form's fields + the ids below
 * Both answer `200 text/plain "OK"` like EmailJS, or a 4xx with a plain-text reason.
 */
export const ContactTemplateParamsSchema = z.object({
  user_name: singleLineText().trim().min(1).max(100),
  user_email: z.email().max(320),
  message: multiLineText().trim().min(1).max(5000),
  /** The page's language when the visitor wrote: the e-mail to the office is written in it. */
  language: z.enum(Languages).optional(),
});
export type ContactTemplateParams = z.infer<typeof ContactTemplateParamsSchema>;

export const EmailJsSendSchema = z.object({
  lib_version: singleLineText().max(20).optional(),
  user_id: singleLineText().min(1).max(200).describe('EmailJS public key'),
  service_id: singleLineText().min(1).max(200),
  template_id: singleLineText().min(1).max(200),
  template_params: ContactTemplateParamsSchema,
  accessToken: singleLineText().max(200).optional(),
});
export type EmailJsSend = z.infer<typeof EmailJsSendSchema>;

/** GET /outbox (admin): what the site has queued or relayed, newest first; bodies stay private. */
export const OutboxMessageSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  to: z.string(),
  replyTo: z.string().nullable(),
  subject: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
export const OutboxMessageListSchema = z.array(OutboxMessageSchema);
