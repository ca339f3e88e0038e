import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { mailOutbox } from './mail.schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The action link of the message; logged in development so it can be followed without SMTP. */
  link: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when configured; otherwise the outbox table plus a log line with the link. */
export function createMailer(
  config: { smtpUrl: string | undefined; from: string },
  db: Database,
  logger: FastifyBaseLogger,
): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: config.from, to: message.to, subject: message.subject, text: message.text });
      },
    };
  }
  return {
    async send(message) {
      await db.insert(mailOutbox).values({
        id: `mail-${randomBytes(10).toString('hex')}`,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      // Development only (no SMTP_URL): the link is the way in, so it is shown.
      logger.info({ to: message.to, subject: message.subject, link: message.link }, 'Mail written to the outbox (no SMTP_URL)');
    },
  };
}
