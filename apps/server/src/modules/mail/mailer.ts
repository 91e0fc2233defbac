import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { newId } from '@indicata/contracts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail: through SMTP_URL when set, otherwise into an outbox folder an admin can read. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where unsent mail is kept ('smtp' when mail goes out through a server). */
  readonly destination: string;
  close(): void;
}

export interface MailerSettings {
  /** smtp://user:pass@host:port or smtps://...; unset keeps mail in `outboxDir`. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

/**
 * Creates the mailer the settings describe.
 * @param settings SMTP address (or none), sender address and outbox folder
 */
export function createMailer(settings: MailerSettings): Mailer {
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport(settings.smtpUrl);
    return {
      destination: 'smtp',
      async send(message) {
        await transport.sendMail({ from: settings.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: settings.outboxDir,
    async send(message) {
      const info = await transport.sendMail({ from: settings.from, ...message });
      await fs.mkdir(settings.outboxDir, { recursive: true });
      await fs.writeFile(path.join(settings.outboxDir, `${newId()}.eml`), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}

