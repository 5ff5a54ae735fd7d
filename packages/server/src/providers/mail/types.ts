/** One email as it leaves the product. */
export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain text: the product's emails carry no HTML. */
  text: string;
}

/**
 * Delivers email over the network (`smtp.ts`). Without one configured, mail stays in the
 * `mail_outbox` table, where it is always written first (db/queries/mail.ts).
 */
export interface MailSender {
  readonly name: 'smtp';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}
