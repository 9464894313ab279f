import type { ClientSession } from 'mongoose';
import { escapeHtml, type Mail } from '@cp/service-kit';
import type { ContactMessageDoc } from '../data/contact-messages-repository.ts';
import type { CommsDeps } from './deps.ts';

export function contactNotificationMail(inbox: string, m: ContactMessageDoc): Mail {
  const subject = m.subject ? `Contact: ${m.subject}` : `Contact message from ${m.name}`;
  const lines = [`From: ${m.name} <${m.email}>`, `Subject: ${m.subject ?? '(none)'}`, `Received: ${m.createdAt.toISOString()}`, '', m.message];
  const html = `<p><strong>From:</strong> ${escapeHtml(m.name)} &lt;${escapeHtml(m.email)}&gt;<br>
<strong>Subject:</strong> ${escapeHtml(m.subject ?? '(none)')}<br>
<strong>Received:</strong> ${escapeHtml(m.createdAt.toISOString())}</p>
<p style="white-space:pre-wrap">${escapeHtml(m.message)}</p>`;
  // Replies go to the visitor; the message itself is never sent to the address it claims to come from.
  return { to: inbox, subject: subject.slice(0, 150), text: lines.join('\n'), html, replyTo: m.email };
}

/**
 * Handler of comms.contact-message-received: mails the operators' inbox once per message. Runs in the consumer's
 * transaction with its "processed" record; a message already notified (a redelivery after the mail went out but before
 * the commit) is not mailed again.
 */
export async function notifyOperators(deps: CommsDeps, messageId: string, session: ClientSession): Promise<void> {
  const message = await deps.messages.findById(messageId, session);
  if (!message) {
    deps.logger.warn({ messageId }, 'contact message not found; nothing to notify');
    return;
  }
  if (message.notifiedAt) return;
  await deps.mailer.send(contactNotificationMail(deps.config.CONTACT_INBOX, message));
  await deps.messages.markNotified(messageId, deps.now(), session);
}
