import { and, asc, eq, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail.ts';

export type Mail = { to: string; subject: string; text: string; html?: string };

export type MailerOptions = {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  /** Where mails go when no SMTP server is configured: one line each, with the first link. */
  print: (line: string) => void;
  onError?: (err: unknown, mailId: number) => void;
};

const MAX_ATTEMPTS = 8;
const backoffSeconds = (attempts: number) => Math.min(3600, 5 * 2 ** (attempts - 1));

/**
 * Mail goes through the outbox table first, so a failed SMTP send is retried and never lost.
 * Without SMTP_URL every mail is kept in the outbox (status 'stored') and printed to stdout.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly opts: MailerOptions) {
    this.transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  }

  /** Stores the mail, then tries to deliver it in the background. Resolves once stored. */
  async send(mail: Mail): Promise<void> {
    if (!this.transport) {
      await this.opts.db.insert(mailOutbox).values({ ...mail, status: 'stored' });
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
      this.opts.print(`MAIL to=${mail.to} subject=${JSON.stringify(mail.subject)}${link ? ` link=${link}` : ''}`);
      return;
    }
    const [row] = await this.opts.db.insert(mailOutbox).values({ ...mail, status: 'pending' }).returning({ id: mailOutbox.id });
    const p = this.deliver(row!.id).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** Sends every due pending mail once; the retry worker calls this periodically. */
  drain(): Promise<void> {
    this.draining ??= (async () => {
      try {
        const due = await this.opts.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
          .orderBy(asc(mailOutbox.id))
          .limit(50);
        for (const { id } of due) await this.deliver(id);
      } finally {
        this.draining = undefined;
      }
    })();
    return this.draining;
  }

  /** Starts the retry worker (every `everyMs`). */
  start(everyMs = 5000): void {
    if (!this.transport || this.timer) return;
    this.timer = setInterval(() => void this.drain().catch(() => {}), everyMs);
    this.timer.unref();
  }

  /** Stops the worker and waits for sends under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.inFlight, this.draining]);
    this.transport?.close();
  }

  private async deliver(id: number): Promise<void> {
    const db = this.opts.db;
    // Claim the row by pushing its next attempt forward, so two workers never send it twice at once.
    const [mail] = await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + interval '5 minutes'` })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .returning();
    if (!mail || !this.transport) return;
    try {
      await this.transport.sendMail({ from: this.opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
      await db.update(mailOutbox).set({ status: 'sent', sentAt: sql`now()`, lastError: null }).where(eq(mailOutbox.id, id));
    } catch (err) {
      const giveUp = mail.attempts >= MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: String((err as Error).message ?? err).slice(0, 500),
          nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(mail.attempts)})`,
        })
        .where(eq(mailOutbox.id, id));
      this.opts.onError?.(err, id);
    }
  }
}
