import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The mail server refused the address for good (an SMTP 5xx reply): retrying cannot help, and the sender should
 * say so (a counselor's request counts as bounced). Without SMTP_URL the outbox refuses an address at a domain
 * that cannot exist (RFC 2606's `.invalid`), so the same path can be seen without a mail server.
 */
export class MailRefused extends Error {
  constructor(readonly reply: string) {
    super(`The mail server refused the address: ${reply}`);
  }
}

const NEVER_DELIVERED = /\.invalid$/i;

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Hides most of an address in logs: "j***@example.com". */
export function maskAddress(address: string): string {
  const [local, domain] = address.split('@');
  return `${local.slice(0, 1)}***@${domain ?? ''}`;
}

/**
 * Default: each message is written as an .eml file into the outbox folder (open it with any mail
 * program; tests read codes from it). With SMTP_URL, nodemailer sends it. Either way one log line,
 * which never holds the message body (codes and links are secrets).
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        try {
          await transport.sendMail({ from: config.mailFrom, ...mail });
        } catch (error) {
          const code = (error as { responseCode?: number }).responseCode;
          if (code !== undefined && code >= 500 && code < 600) {
            throw new MailRefused(String((error as { response?: string }).response ?? code).slice(0, 300));
          }
          throw error;
        }
        log.info({ to: maskAddress(mail.to), subject: mail.subject }, 'mail sent over SMTP');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      if (NEVER_DELIVERED.test(mail.to.split('@')[1] ?? '')) throw new MailRefused('550 5.1.2 no such domain');
      const info = await transport.sendMail({ from: config.mailFrom, ...mail, textEncoding: 'quoted-printable' });
      await fs.mkdir(config.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      await fs.writeFile(path.join(config.outboxDir, name), info.message as Buffer, { mode: 0o600 });
      log.info({ to: maskAddress(mail.to), subject: mail.subject, file: name }, 'mail written to outbox');
    },
  };
}
