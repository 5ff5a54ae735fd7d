/** SMTP delivery through nodemailer, used when `SMTP_URL` is set. */
import { createTransport } from 'nodemailer';
import type { MailSender } from './types.ts';

/** The sender address when `MAIL_FROM` is not set. */
export const DEFAULT_MAIL_FROM = 'Memoria <no-reply@memoria.app>';

export function createSmtpSender(options: { url: string; from?: string }): MailSender {
  const transport = createTransport(
    {
      url: options.url,
      // Delivery runs after the change it reports has committed: a hung relay must not hold the
      // request for nodemailer's default two minutes (the row stays unsent and is retried).
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    },
    { from: options.from || DEFAULT_MAIL_FROM },
  );
  return {
    name: 'smtp',
    async send(mail) {
      await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}
