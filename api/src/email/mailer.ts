import nodemailer from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Executor } from '../db/index';
import { emailOutbox } from '../db/schema/index';
import { newId } from '../lib/ids';

export interface OutgoingEmail {
  kind: string;
  to: string;
  replyTo?: string;
  subject: string;
  body: string;
  params: Record<string, string>;
}

export interface Mailer {
  /** True when SMTP_URL is set and messages are relayed, not only stored. */
  readonly relays: boolean;
  /** Stores the message in the outbox, then relays it over SMTP when configured. */
  enqueue(db: Executor, email: OutgoingEmail): Promise<{ id: string; status: 'queued' | 'sent' | 'failed' }>;
}

export function createMailer(config: Config): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  return {
    relays: transport !== null,
    async enqueue(db, email) {
      const id = newId();
      await db.insert(emailOutbox).values({
        id,
        kind: email.kind,
        toAddress: email.to,
        replyTo: email.replyTo ?? null,
        subject: email.subject,
        body: email.body,
        params: email.params,
      });
      if (!transport) return { id, status: 'queued' };
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: email.to,
          replyTo: email.replyTo,
          subject: email.subject,
          text: email.body,
        });
        await db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: sql`now()` })
          .where(eq(emailOutbox.id, id));
        return { id, status: 'sent' };
      } catch (err) {
        // Stored either way; the outbox row records why the relay failed.
        await db
          .update(emailOutbox)
          .set({ status: 'failed', error: String((err as Error).message).slice(0, 500) })
          .where(eq(emailOutbox.id, id));
        return { id, status: 'failed' };
      }
    },
  };
}
