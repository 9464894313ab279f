import { escapeHtml, type Mail } from '@cp/service-kit';
import { NEWSLETTER_CONFIRM_TTL_DAYS, type NewsletterMailKind } from '@cp/contracts';
import { listId, oneClickUnsubscribe, SITE } from './mail-parts.ts';


/** What a newsletter mail says; newsletterMail adds the unsubscribe headers and link. */
export interface NewsletterContent {
  subject: string;
  text: string;
  /** HTML body fragment (escaped by the caller). */
  html: string;
}

/** Who a newsletter mail goes to: the subscribed address and its unsubscribe token (never optional). */
export interface NewsletterRecipient {
  email: string;
  unsubscribeToken: string;
}

/** The Message-ID of one requested mail: the same for every attempt, so a receiver can drop a second copy. */
export function newsletterMessageId(kind: NewsletterMailKind, mailId: string, publicUrl: string): string {
  return `<newsletter-${kind}.${mailId}@${new URL(publicUrl).hostname}>`;
}

/** The unsubscribe links of a subscription: the one-click URL (RFC 8058, POST) and the page for people. */
export function unsubscribeLinks(publicUrl: string, token: string): { oneClick: string; page: string } {
  const query = `?token=${encodeURIComponent(token)}`;
  return { oneClick: new URL(`/api/newsletter/unsubscribe${query}`, publicUrl).toString(), page: new URL(`/newsletter/unsubscribe${query}`, publicUrl).toString() };
}

/**
 * Every newsletter mail is built here, so none can go out without a way to leave: `List-Unsubscribe` (RFC 2369) with
 * the one-click URL and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058: the mailbox provider POSTs it
 * from its servers, no login), and a visible unsubscribe link in both the plain-text and the HTML part.
 */
export function newsletterMail(to: NewsletterRecipient, content: NewsletterContent, opts: { publicUrl: string; messageId: string }): Mail {
  const links = unsubscribeLinks(opts.publicUrl, to.unsubscribeToken);
  const why = `You receive this e-mail because ${to.email} is subscribed to the ${SITE} newsletter.`;
  return {
    to: to.email,
    subject: content.subject,
    text: `${content.text}\n\n--\n${why}\nUnsubscribe: ${links.page}\n`,
    html: `${content.html}\n<hr>\n<p style="font-size:12px;color:#666">${escapeHtml(why)} <a href="${escapeHtml(links.page)}">Unsubscribe</a></p>`,
    messageId: opts.messageId,
    headers: { ...oneClickUnsubscribe(links.oneClick), 'List-Id': listId('newsletter', 'newsletter', opts.publicUrl) },
  };
}

/** The confirmation link's mail (double opt-in): not a newsletter mail yet, the address is not subscribed. */
export function confirmationMail(to: string, link: string, messageId: string): Mail {
  const text = [
    'Hello,',
    '',
    `Someone, hopefully you, asked to receive the ${SITE} newsletter at this address.`,
    `Open this link to confirm your subscription (it works once and expires in ${NEWSLETTER_CONFIRM_TTL_DAYS} days):`,
    '',
    link,
    '',
    'If you did not ask for this, ignore this e-mail: this address will not be subscribed.',
  ].join('\n');
  const html = `<p>Hello,</p>
<p>Someone, hopefully you, asked to receive the ${SITE} newsletter at this address.</p>
<p><a href="${escapeHtml(link)}">Confirm your subscription</a> (the link works once and expires in ${NEWSLETTER_CONFIRM_TTL_DAYS} days).</p>
<p>If you did not ask for this, ignore this e-mail: this address will not be subscribed.</p>`;
  return { to, subject: `Confirm your subscription to the ${SITE} newsletter`, text, html, messageId };
}

/** The first newsletter mail, right after the confirmation. */
export function welcomeContent(publicUrl: string): NewsletterContent {
  const listings = new URL('/listings', publicUrl).toString();
  return {
    subject: `Welcome to the ${SITE} newsletter`,
    text: `Thanks for subscribing! You'll receive updates about the latest listings and events.\n\nSee what is new: ${listings}`,
    html: `<p>Thanks for subscribing! You'll receive updates about the latest listings and events.</p>\n<p><a href="${escapeHtml(listings)}">See what is new</a></p>`,
  };
}

/** The answer to a sign-up of an address that is subscribed already (sent to that address, never told to the requester). */
export function alreadySubscribedContent(): NewsletterContent {
  const text = `Someone asked to subscribe this address to the ${SITE} newsletter. It is subscribed already, so nothing changed.`;
  return {
    subject: `You are already subscribed to the ${SITE} newsletter`,
    text: `${text}\n\nIf you no longer want the newsletter, use the unsubscribe link below.`,
    html: `<p>${escapeHtml(text)}</p>\n<p>If you no longer want the newsletter, use the unsubscribe link below.</p>`,
  };
}
