import nodemailer from 'nodemailer';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database, Executor } from '../db/index';
import { emailOutbox } from '../db/schema/index';
import { newId } from '../lib/ids';

export interface OutgoingEmail {
  kind: string;
  to: string;
  replyTo?: string;
  subject: string;
  body: string;
  /**
   * The template's values. `unsubscribe`, when present, is a one-click unsubscribe address: the
   * relayed message then carries RFC 8058's List-Unsubscribe headers, so a mail client offers its
   * own Unsubscribe button that POSTs there without opening a page.
   */
  params: Record<string, string>;
}

/** RFC 2369 and RFC 8058 headers for a message that can be stopped with one click. */
export function unsubscribeHeaders(params: Record<string, string>): Record<string, string> {
  const url = params.unsubscribe;
  if (!url) return {};
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** Told on commit that mail is waiting (pg_notify waits for the writer's transaction to commit). */
export const MAIL_QUEUED_CHANNEL = 'email_outbox_queued';

/**
 * Minutes to wait after each failed relay attempt; after the last one the message is failed. A
 * relay that is down for a deploy is retried within minutes, one that is misconfigured gives up
 * within a day instead of trying forever.
 */
export const RETRY_MINUTES = [1, 5, 30, 120, 720] as const;
export const MAX_ATTEMPTS = RETRY_MINUTES.length + 1;
/**
 * A claimed message is due again after this long: a process that died while sending leaves it to
 * the next round (so a message is sent at least once, and twice only after such a crash).
 */
const CLAIM_MINUTES = 15;
/** Messages one round claims: a burst is sent in several rounds, never all at once. */
const ROUND_SIZE = 20;

export interface Mailer {
  /** True when SMTP_URL is set and messages are relayed, not only stored. */
  readonly relays: boolean;
  /**
   * Stores the message in the outbox within the caller's transaction. With a relay it is due at
   * once and relayed after that transaction commits (deliverDue); a rolled-back change leaves no
   * message to send.
   */
  enqueue(db: Executor, email: OutgoingEmail): Promise<{ id: string; status: 'queued' }>;
  /** The absolute address of a page of the site (`/dashboard/…`), for links in e-mails. */
  siteUrl(path: string): string;
  /** Relays the messages that are due, each in its own claim; answers how many were sent. */
  deliverDue(db: Database): Promise<{ sent: number; failed: number }>;
}

export function createMailer(config: Config): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  return {
    relays: transport !== null,
    // A mail client has no page to resolve a relative link against: every link names the site.
    siteUrl: (path) => new URL(path, `${config.webOrigin}/`).toString(),
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
        nextAttemptAt: transport ? sql`now()` : null,
      });
      if (transport) await db.execute(sql`select pg_notify(${MAIL_QUEUED_CHANNEL}, ${id})`);
      return { id, status: 'queued' };
    },
    async deliverDue(db) {
      if (!transport) return { sent: 0, failed: 0 };
      // One statement claims the due rows (SKIP LOCKED: two processes never claim the same one)
      // and pushes them past the claim period; the sending happens outside any transaction.
      const claimed = await db
        .update(emailOutbox)
        .set({
          attempts: sql`${emailOutbox.attempts} + 1`,
          nextAttemptAt: sql`now() + interval '${sql.raw(String(CLAIM_MINUTES))} minutes'`,
        })
        .where(
          inArray(
            emailOutbox.id,
            db
              .select({ id: emailOutbox.id })
              .from(emailOutbox)
              .where(
                and(
                  eq(emailOutbox.status, 'queued'),
                  isNotNull(emailOutbox.nextAttemptAt),
                  lte(emailOutbox.nextAttemptAt, sql`now()`),
                ),
              )
              .orderBy(asc(emailOutbox.nextAttemptAt))
              .limit(ROUND_SIZE)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning();
      let sent = 0;
      let failed = 0;
      for (const email of claimed) {
        try {
          await transport.sendMail({
            from: config.mailFrom,
            to: email.toAddress,
            replyTo: email.replyTo ?? undefined,
            subject: email.subject,
            text: email.body,
            headers: unsubscribeHeaders(email.params),
          });
          await db
            .update(emailOutbox)
            .set({ status: 'sent', sentAt: sql`now()`, nextAttemptAt: null, error: null })
            .where(eq(emailOutbox.id, email.id));
          sent += 1;
        } catch (err) {
          const error = String((err as Error).message).slice(0, 500);
          const retryIn = RETRY_MINUTES[email.attempts - 1];
          await db
            .update(emailOutbox)
            .set(
              retryIn === undefined
                ? { status: 'failed', error, nextAttemptAt: null }
                : { error, nextAttemptAt: sql`now() + interval '${sql.raw(String(retryIn))} minutes'` },
            )
            .where(eq(emailOutbox.id, email.id));
          failed += 1;
        }
      }
      return { sent, failed };
    },
  };
}
