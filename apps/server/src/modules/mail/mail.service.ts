import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Db, Executor } from '../../db/client.ts';
import type { Mail, MailSender } from '../../lib/mail.ts';
import * as repo from './mail.repository.ts';

export type OutboxOptions = {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  /** A line added under every mail's text (the institution's name from Settings), read when the mail is stored. */
  signature?: () => Promise<string>;
  /** Where mails go when no SMTP server is configured: one line each, with the first link. */
  print: (line: string) => void;
  onError?: (err: unknown, mailId: number) => void;
};

/** The outbox's backlog over every process (metrics, decision 0048): mails still to send, and those given up on. */
export const outboxBacklog = (db: Db): Promise<{ pending: number; failed: number }> => repo.countBacklog(db);

const MAX_ATTEMPTS = 8;
/**
 * SMTP connections kept open and shared by every send (nodemailer's pool): a bulk message to a
 * thousand alumni queues on these instead of opening a connection per mail, which a relay
 * would throttle or refuse. Each connection is renewed after `POOL_MESSAGES` mails.
 */
const POOL_CONNECTIONS = 3;
const POOL_MESSAGES = 100;
const backoffSeconds = (attempts: number) => Math.min(3600, 5 * 2 ** (attempts - 1));

/** Why a mail is not sent to an address that bounced (kept as the outbox row's last error). */
export const BOUNCING = 'not sent: the address bounced';

/**
 * A permanent refusal of the recipient (SMTP 5xx on RCPT TO, nodemailer's EENVELOPE): the address
 * bounces. Other 5xx answers (DATA, authentication) fail the mail for good without blaming it.
 */
export function smtpFailure(err: unknown): { permanent: boolean; bounce: boolean } {
  const e = err as { responseCode?: number; code?: string; command?: string };
  const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
  return { permanent, bounce: permanent && (e.code === 'EENVELOPE' || /RCPT/i.test(e.command ?? '')) };
}

/** The address's permanent bounce, or undefined (the Account page and the notification engine ask). */
export const bounceOf = (db: Executor, address: string) => repo.findBounce(db, address);
/** Which of `addresses` bounced, lower-cased: the engine mails none of them. */
export const bouncingOf = (db: Executor, addresses: readonly string[]) => repo.bouncingOf(db, addresses);
/** The user fixed or wants to retry their address: mail goes to it again. */
export const clearBounce = (db: Executor, address: string) => repo.deleteBounce(db, address);

/**
 * Mail goes through the outbox table first, so a failed SMTP send is retried and never lost.
 * Without SMTP_URL every mail is kept in the outbox (status 'stored') and printed to stdout.
 * The composition root builds one per process and hands it to the context as its MailSender.
 */
export class MailOutbox implements MailSender {
  private readonly transport: Transporter | undefined;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly opts: OutboxOptions) {
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport({ url: opts.smtpUrl, pool: true, maxConnections: POOL_CONNECTIONS, maxMessages: POOL_MESSAGES })
      : undefined;
  }

  /** Stores the mail, then tries to deliver it in the background. Resolves once stored. */
  async send(given: Mail): Promise<void> {
    const mail = await this.signed(given);
    if (!this.transport) {
      await repo.insertMail(this.opts.db, mail, 'stored');
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
      this.opts.print(`MAIL to=${mail.to} subject=${JSON.stringify(mail.subject)}${link ? ` link=${link}` : ''}`);
      return;
    }
    const id = await repo.insertMail(this.opts.db, mail, 'pending');
    const p = this.deliver(id).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** Stores the mails in one statement, then delivers them in the background (or prints them without SMTP). */
  async sendMany(given: readonly Mail[]): Promise<void> {
    if (given.length === 0) return;
    const signature = this.opts.signature ? await this.opts.signature() : '';
    const mails = given.map((m) => (signature ? { ...m, text: `${m.text.replace(/\n+$/, '\n')}${signature}` } : m));
    if (!this.transport) {
      await repo.insertMails(this.opts.db, mails, 'stored');
      for (const mail of mails) this.opts.print(`MAIL to=${mail.to} subject=${JSON.stringify(mail.subject)}`);
      return;
    }
    const ids = await repo.insertMails(this.opts.db, mails, 'pending');
    for (const id of ids) {
      const p = this.deliver(id).finally(() => this.inFlight.delete(p));
      this.inFlight.add(p);
    }
  }

  private async signed(mail: Mail): Promise<Mail> {
    const signature = this.opts.signature ? await this.opts.signature() : '';
    return signature ? { ...mail, text: `${mail.text.replace(/\n+$/, '\n')}${signature}` } : mail;
  }

  /**
   * One mail straight to the SMTP server on a connection of its own with short timeouts (a test of
   * the configuration must answer within seconds, not wait out the pool's retries).
   */
  async deliverNow(given: Mail): Promise<'sent' | 'no-smtp'> {
    if (!this.opts.smtpUrl) return 'no-smtp';
    const mail = await this.signed(given);
    const once = nodemailer.createTransport({ url: this.opts.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    try {
      await once.sendMail({ from: this.opts.from, to: mail.to, subject: mail.subject, text: mail.text });
      return 'sent';
    } finally {
      once.close();
    }
  }

  /** Sends every due pending mail once; the retry worker calls this periodically. */
  drain(): Promise<void> {
    this.draining ??= (async () => {
      try {
        for (const id of await repo.dueMailIds(this.opts.db, 50)) await this.deliver(id);
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
    const mail = await repo.claimMail(db, id);
    if (!mail || !this.transport) return;
    if (await repo.findBounce(db, mail.to)) {
      await repo.markFailed(db, id, BOUNCING, true, 0);
      return;
    }
    try {
      await this.transport.sendMail({ from: this.opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
      await repo.markSent(db, id);
    } catch (err) {
      const failure = smtpFailure(err);
      if (failure.bounce) await repo.insertBounce(db, mail.to, String((err as Error).message ?? err));
      await repo.markFailed(db, id, String((err as Error).message ?? err), failure.permanent || mail.attempts >= MAX_ATTEMPTS, backoffSeconds(mail.attempts));
      this.opts.onError?.(err, id);
    }
  }
}
