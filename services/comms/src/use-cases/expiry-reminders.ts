import type { z } from 'zod';
import type { ListingExpiring } from '@cp/contracts';
import { escapeHtml, type Mail } from '@cp/service-kit';
import type { CommsDeps } from './deps.ts';
import { listId, mailButton, oneClickUnsubscribe, SITE } from './mail-parts.ts';
import { recipientOf, type NoRecipient } from './recipient.ts';

type Expiring = z.output<(typeof ListingExpiring)['data']>;

export type ExpiryReminderOutcome = 'sent' | NoRecipient;


/** The listings service's paths its signed links act on (the gateway routes /api/listings to it; the pages are mf-listings'). */
export const RENEW_PAGE_PATH = '/renew-listing';
export const REMINDERS_UNSUBSCRIBE_API_PATH = '/api/listings/reminders/unsubscribe';
export const REMINDERS_UNSUBSCRIBE_PAGE_PATH = '/reminders/unsubscribe';

/** One Message-ID per listing and expiry: a copy sent again is dropped by receivers. */
export function expiryReminderMessageId(listingId: string, expiresAt: string, publicUrl: string): string {
  return `<listing-expiring.${listingId}.${Date.parse(expiresAt)}@${new URL(publicUrl).hostname}>`;
}

/** The reminder's links: renew (the page renews on opening it), the one-click opt-out (POST) and its page. */
export function expiryReminderLinks(data: Pick<Expiring, 'renewToken' | 'unsubscribeToken' | 'listingId'>, publicUrl: string) {
  const at = (path: string, token: string) => new URL(`${path}?token=${encodeURIComponent(token)}`, publicUrl).toString();
  return {
    renew: at(RENEW_PAGE_PATH, data.renewToken),
    listing: new URL(`/listing/${data.listingId}`, publicUrl).toString(),
    myListings: new URL('/my-listings', publicUrl).toString(),
    oneClick: at(REMINDERS_UNSUBSCRIBE_API_PATH, data.unsubscribeToken),
    unsubscribePage: at(REMINDERS_UNSUBSCRIBE_PAGE_PATH, data.unsubscribeToken),
  };
}

/** "Saturday, November 28, 2026" in the site's time zone. */
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { timeZone: 'America/New_York', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });

/**
 * The expiry reminder (issue 22): which listing, when it expires, the one-click Renew link, and how to stop these mails
 * — plain text and HTML, `List-Unsubscribe` (the one-click URL) with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`
 * (RFC 8058) and a visible link to the opt-out page in both parts.
 */
export function expiryReminderMail(to: { email: string; name: string }, data: Expiring, publicUrl: string): Mail {
  const links = expiryReminderLinks(data, publicUrl);
  const when = day(data.expiresAt);
  const why = `You receive this e-mail because you posted this listing on ${SITE}.`;
  const text = [
    `Hello ${to.name},`,
    '',
    `Your listing "${data.title}" expires on ${when}. After that, visitors no longer see it.`,
    '',
    `Still current? Renew it with one click: ${links.renew}`,
    '',
    `See the listing: ${links.listing}`,
    `Sold, rented or filled? Mark it in My Listings: ${links.myListings}`,
    '',
    '--',
    why,
    `Stop expiry reminders: ${links.unsubscribePage}`,
  ].join('\n');
  const html =
    `<p>Hello ${escapeHtml(to.name)},</p>` +
    `<p>Your listing "<a href="${escapeHtml(links.listing)}">${escapeHtml(data.title)}</a>" expires on ${escapeHtml(when)}. After that, visitors no longer see it.</p>` +
    mailButton(links.renew, 'Renew listing') +
    `<p>Sold, rented or filled? Mark it in <a href="${escapeHtml(links.myListings)}">My Listings</a>.</p>` +
    `<hr>\n<p style="font-size:12px;color:#666">${escapeHtml(why)} <a href="${escapeHtml(links.unsubscribePage)}">Stop expiry reminders</a></p>`;
  return {
    to: to.email,
    subject: `Your listing "${data.title}" expires on ${when}`.slice(0, 150),
    text,
    html,
    messageId: expiryReminderMessageId(data.listingId, data.expiresAt, publicUrl),
    headers: { ...oneClickUnsubscribe(links.oneClick), 'List-Id': listId('listing reminders', 'listing-reminders', publicUrl) },
  };
}

/**
 * listings.listing-expiring → the reminder to the listing's owner (in the consumer's transaction with its processed
 * record: once per event across replicas; listings emits one event per listing and expiry). The address comes from
 * identity at send time; a user identity does not know or without an address: nothing to send, never retried.
 * Identity or the mail server failing throws: the event comes again after the consumer's backoff.
 */
export async function sendExpiryReminder(deps: CommsDeps, data: Expiring): Promise<ExpiryReminderOutcome> {
  const to = await recipientOf(deps, data.userId);
  if (typeof to === 'string') return to;
  await deps.mailer.send(expiryReminderMail(to, data, deps.config.PUBLIC_URL));
  return 'sent';
}
