import { escapeHtml, type Mail } from '@cp/service-kit';

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

export function verificationMail(to: string, name: string, link: string): Mail {
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
