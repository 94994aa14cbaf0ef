/** A mail to send. */
export type Mail = { to: string; subject: string; text: string; html?: string };

/**
 * What a module needs to send mail. The mail module's outbox implements it; the composition root
 * puts it in the context, so no module imports another to send a mail.
 */
export interface MailSender {
  /** Resolves once the mail is stored (delivery may follow later). */
  send(mail: Mail): Promise<void>;
  /** Many mails stored in one statement (a digest's slice); delivery follows as for `send`. */
  sendMany(mails: readonly Mail[]): Promise<void>;
  /**
   * Delivers one mail over SMTP now, outside the outbox (the Settings' test mail): resolves once the
   * server accepted it, rejects with the SMTP error, 'no-smtp' when none is configured.
   */
  deliverNow(mail: Mail): Promise<'sent' | 'no-smtp'>;
}
