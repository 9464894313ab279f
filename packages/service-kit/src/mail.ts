import nodemailer from 'nodemailer';
import { z } from 'zod';
import { bool } from './config.ts';
import type { Logger } from './logger.ts';

/** One e-mail: always a plain-text and an HTML body. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string | undefined;
  /** A stable Message-ID (`<left@domain>`) for a mail that may be sent again: receivers can drop the copy. */
  messageId?: string | undefined;
  /** Further header fields, as they are (e.g. a newsletter's List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string> | undefined;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** The SMTP variables every service that sends mail reads (validated at start with the rest of its config). */
export const SmtpEnv = z.object({
  SMTP_HOST: z.string().min(1),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535),
  SMTP_SECURE: bool(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().default('Central PA Desi Community <no-reply@centralpadesi.local>'),
});
export type SmtpConfig = z.infer<typeof SmtpEnv>;

/** nodemailer over SMTP with bounded timeouts (a slow mail server never holds a request for long). */
export function createMailer(cfg: SmtpConfig, logger: Logger): Mailer {
  const transport = nodemailer.createTransport({
    host: cfg.SMTP_HOST,
    port: cfg.SMTP_PORT,
    secure: cfg.SMTP_SECURE,
    ...(cfg.SMTP_USER ? { auth: { user: cfg.SMTP_USER, pass: cfg.SMTP_PASSWORD ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: cfg.MAIL_FROM, ...mail });
      logger.info({ messageId: info.messageId, subject: mail.subject }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

/** Escapes text for an HTML mail body. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
