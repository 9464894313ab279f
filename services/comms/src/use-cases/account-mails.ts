import type { AccountMailLink, AccountMailPurpose } from '@cp/contracts';
import { escapeHtml, type Logger, type Mail, type Mailer } from '@cp/service-kit';
import type { AccountMailLinks } from '../data/account-mail-links.ts';

export interface AccountMailDeps {
  mailer: Mailer;
  links: AccountMailLinks;
  logger: Logger;
  config: { PUBLIC_URL: string };
}

export type AccountMailOutcome = 'sent' | 'no-link';

/** One Message-ID per request: a copy sent again (a redelivery after a crash) is dropped by receivers. */
export function accountMailMessageId(purpose: AccountMailPurpose, requestId: string, publicUrl: string): string {
  return `<${purpose}.${requestId}@${new URL(publicUrl).hostname}>`;
}

/** Spec §2/§5: the forgot-password mail, with the reset page's link (1 hour, single use). */
export function passwordResetMail({ to, name, link }: AccountMailLink): Mail {
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

/** The e-mail verification mail (issue 26), with the verify page's link (48 hours, single use). */
export function verificationMail({ to, name, link }: AccountMailLink): Mail {
  const text = [
    `Hello ${name},`,
    '',
    'Please confirm that this is your e-mail address for your Central PA Desi Community account.',
    'Open this link to verify it (it expires in 48 hours and works once):',
    '',
    link,
    '',
    'Until then you can browse and post, but not write reviews.',
    'If you did not create this account, ignore this e-mail.',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(name)},</p>
<p>Please confirm that this is your e-mail address for your Central PA Desi Community account.</p>
<p><a href="${escapeHtml(link)}">Verify my e-mail address</a> (the link expires in 48 hours and works once).</p>
<p>Until then you can browse and post, but not write reviews.</p>
<p>If you did not create this account, ignore this e-mail.</p>`;
  return { to, subject: 'Verify your e-mail address', text, html };
}

/**
 * Mails the link of one account-mail request (identity.password-reset-requested, identity.email-verification-requested).
 * Identity owns the token: it answers the address, the name and the link while the link still works, so a request
 * whose link was used, replaced by a newer one or expired mails nothing. Identity unreachable or a mail server that
 * refuses throws: the consumer's handler fails and the event comes again after its backoff.
 */
export async function sendAccountMail(deps: AccountMailDeps, purpose: AccountMailPurpose, userId: string, requestId: string): Promise<AccountMailOutcome> {
  const link = await deps.links.link(userId, purpose, requestId);
  if (!link) return 'no-link';
  const mail = purpose === 'password-reset' ? passwordResetMail(link) : verificationMail(link);
  await deps.mailer.send({ ...mail, messageId: accountMailMessageId(purpose, requestId, deps.config.PUBLIC_URL) });
  return 'sent';
}
