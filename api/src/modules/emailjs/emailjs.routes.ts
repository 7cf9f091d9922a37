import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { ContactTemplateParamsSchema, EmailJsSendSchema } from 'shared-contracts/contact';
import { publicWriteRateLimit } from '../../lib/rate-limits';
import { contactEmail } from '../../email/contact-email';

/**
 * EmailJS-compatible endpoints: @emailjs/browser with its origin set to `${PUBLIC_API_URL}/emailjs`
 * posts here. Answers mimic EmailJS: 200 "OK", or a 4xx with a plain-text reason (the SDK
 * surfaces the text to the caller).
 */
export const emailjsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer } = app.deps;
  // One budget for both send endpoints (one hook, one counter): two doors into the same outbox.
  const contactBudget = app.rateLimit(publicWriteRateLimit(config, 'contact'));

  const text = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).type('text/plain; charset=utf-8').send(message);

  async function accept(reply: FastifyReply, raw: Record<string, unknown>) {
    const parsed = EmailJsSendSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return text(
        reply,
        400,
        `Invalid ${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'invalid'}`,
      );
    }
    const m = parsed.data;
    if (m.user_id !== config.emailjs.publicKey) return text(reply, 400, 'The Public Key is invalid.');
    if (m.service_id !== config.emailjs.serviceId) return text(reply, 400, 'The service ID is invalid.');
    if (m.template_id !== config.emailjs.templateId) return text(reply, 400, 'The template ID is invalid.');
    const p = m.template_params;
    await mailer.enqueue(db, {
      kind: 'contact',
      to: config.contactInbox,
      replyTo: p.user_email,
      ...contactEmail(p),
      params: p,
    });
    return text(reply, 200, 'OK');
  }

  app.post(
    '/emailjs/api/v1.0/email/send',
    {
      config: { access: 'public', keepsCatalog: true },
      onRequest: contactBudget,
      schema: {
        tags: ['contact'],
        // Refusals are EmailJS-style plain text (the API's error handler answers text on /emailjs/).
        body: EmailJsSendSchema,
      },
    },
    async (request, reply) => accept(reply, request.body as Record<string, unknown>),
  );

  app.post(
    '/emailjs/api/v1.0/email/send-form',
    {
      config: { access: 'public', keepsCatalog: true },
      onRequest: contactBudget,
      schema: { tags: ['contact'], consumes: ['multipart/form-data'] },
    },
    async (request, reply) => {
      if (!request.isMultipart()) return text(reply, 400, 'Expected multipart/form-data');
      const fields: Record<string, string> = {};
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          part.file.resume();
          return text(reply, 400, 'Attachments are not accepted');
        }
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
      const { lib_version, user_id, service_id, template_id, accessToken, ...templateParams } = fields;
      return accept(reply, {
        lib_version,
        user_id,
        service_id,
        template_id,
        accessToken,
        template_params: Object.fromEntries(
          Object.entries(templateParams).filter(([k]) => k in ContactTemplateParamsSchema.shape),
        ),
      });
    },
  );
};
