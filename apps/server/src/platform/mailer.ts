/**
 * Outgoing mail (password-reset codes). Over SMTP with nodemailer when SMTP_URL is set; without it the
 * message goes to the server log, clearly marked, so a developer can still read a code on a bare machine.
 */
import nodemailer from 'nodemailer';
import type { Logger } from './logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  /**
   * Sends without making the caller wait (a request must not take longer when an account has an email,
   * or its existence would show in the timing). Failures are logged. `close` waits for these.
   */
  sendInBackground(message: MailMessage): void;
  close(): Promise<void>;
}

export const DEV_MAIL_MARKER = '[dev mail: no SMTP_URL configured]';

export function createMailer(options: { smtpUrl: string | null; from: string; logger: Logger }): Mailer {
  const { smtpUrl, from, logger } = options;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  const send = async (message: MailMessage): Promise<void> => {
    if (!transport) {
      logger.warn(
        { mail: { to: message.to, subject: message.subject } },
        `${DEV_MAIL_MARKER} to ${message.to}: ${message.subject}\n${message.text}`,
      );
      return;
    }
    await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    logger.info({ mail: { to: message.to, subject: message.subject } }, 'mail sent');
  };

  return {
    mode: transport ? 'smtp' : 'log',
    send,
    sendInBackground(message) {
      const task = send(message)
        .catch((error: unknown) => {
          logger.error({ err: error, mail: { to: message.to } }, 'mail could not be sent');
        })
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async close() {
      await Promise.allSettled([...pending]);
      transport?.close();
    },
  };
}
