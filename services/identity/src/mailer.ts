import nodemailer from 'nodemailer';
import type { Logger } from '@cp/service-kit';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(cfg: { host: string; port: number; secure: boolean; user?: string | undefined; password?: string | undefined; from: string }, logger: Logger): Mailer {
  const transport = nodemailer.createTransport({
    host: cfg.host,
    port: cfg.port,
    secure: cfg.secure,
    ...(cfg.user ? { auth: { user: cfg.user, pass: cfg.password ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: cfg.from, ...mail });
      logger.info({ messageId: info.messageId, subject: mail.subject }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function passwordResetMail(to: string, name: string, link: string): Mail {
  const text = [
    `Hello ${name},`,
    '',
    'We received a request to reset the password of your Central PA Desi Community account.',
    'Open this link to choose a new password (it expires in 1 hour and works once):',
    '',
    link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays the same.',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(name)},</p>
<p>We received a request to reset the password of your Central PA Desi Community account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link expires in 1 hour and works once).</p>
<p>If you did not ask for this, ignore this e-mail: your password stays the same.</p>`;
  return { to, subject: 'Reset your password', text, html };
}
