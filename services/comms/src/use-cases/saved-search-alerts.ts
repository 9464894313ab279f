import type { ClientSession } from 'mongoose';
import type { z } from 'zod';
import { SavedSearchMatched } from '@cp/contracts';
import { escapeHtml, type Mail } from '@cp/service-kit';
import { appendToBatch } from './append-to-batch.ts';
import type { CommsDeps } from './deps.ts';
import type { MailBatchKind, MailBatchRecipient } from './mail-batch-kind.ts';
import { listId, oneClickUnsubscribe, SITE } from './mail-parts.ts';
import { recipientOf, type NoRecipient } from './recipient.ts';

type Matched = z.output<(typeof SavedSearchMatched)['data']>;

export const ALERT_DIGEST_KIND = 'alert-digest';
/** One digest per user: every daily saved search of theirs shares it. */
const DIGEST_SUBJECT_KEY = 'daily';

/** What a digest lists of each match: the event's fields (the contracts' schema, not a copy). */
const AlertDigestItemSchema = SavedSearchMatched.data.pick({ savedSearchId: true, savedSearchName: true, listing: true, unsubscribeToken: true, digestUnsubscribeToken: true });
type AlertDigestItem = z.output<typeof AlertDigestItemSchema>;

/**
 * The unsubscribe links of an alert mail, served by the listings service (it signed the token and owns the saved
 * searches): the one-click URL (RFC 8058 POST; a GET goes to the page) and the page for people.
 */
export function alertUnsubscribeLinks(publicUrl: string, token: string): { oneClick: string; page: string } {
  const query = `?token=${encodeURIComponent(token)}`;
  return { oneClick: new URL(`/api/saved-searches/unsubscribe${query}`, publicUrl).toString(), page: new URL(`/alerts/unsubscribe${query}`, publicUrl).toString() };
}

const listingLink = (publicUrl: string, listingId: string) => new URL(`/listing/${encodeURIComponent(listingId)}`, publicUrl).toString();
const alertsPage = (publicUrl: string) => new URL('/alerts', publicUrl).toString();
const priceText = (price: number | null) => (price ? ` · $${price.toLocaleString('en-US')}` : '');

/** The alert's Message-ID: one per (saved search, listing), so a copy sent again is dropped by receivers. */
export function alertMessageId(deliveryId: string, publicUrl: string): string {
  return `<alert.${deliveryId.replace(/[^A-Za-z0-9-]/g, '.')}@${new URL(publicUrl).hostname}>`;
}

/**
 * The part every alert mail ends with, and its headers: why the mail came, the alerts page, a visible unsubscribe
 * link, and `List-Unsubscribe` with the one-click URL + `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
 */
function withUnsubscribe(mail: Omit<Mail, 'headers'>, input: { publicUrl: string; token: string; why: string; stop: string }): Mail {
  const links = alertUnsubscribeLinks(input.publicUrl, input.token);
  const manage = alertsPage(input.publicUrl);
  return {
    ...mail,
    text: `${mail.text}\n\n--\n${input.why}\nManage your alerts: ${manage}\n${input.stop}: ${links.page}\n`,
    html: `${mail.html}\n<hr>\n<p style="font-size:12px;color:#666">${escapeHtml(input.why)} <a href="${escapeHtml(manage)}">Manage your alerts</a> · <a href="${escapeHtml(links.page)}">${escapeHtml(input.stop)}</a></p>`,
    headers: { ...oneClickUnsubscribe(links.oneClick), 'List-Id': listId('search alerts', 'alerts', input.publicUrl) },
  };
}

/** An instant alert: the listing that matched one saved search, its link, and the way to stop this alert. */
export function instantAlertMail(recipient: MailBatchRecipient, match: Matched, publicUrl: string): Mail {
  const { listing } = match;
  const link = listingLink(publicUrl, listing.listingId);
  const where = `${listing.category} · ${listing.location}${priceText(listing.price)}`;
  return withUnsubscribe(
    {
      to: recipient.email,
      subject: `New listing for "${match.savedSearchName}": ${listing.title}`.slice(0, 150),
      text: `Hello ${recipient.name},\n\nA new listing matches your saved search "${match.savedSearchName}":\n\n${listing.title}\n${where}\n${listing.excerpt}\n\nSee it: ${link}\n\n${SITE}`,
      html:
        `<p>Hello ${escapeHtml(recipient.name)},</p><p>A new listing matches your saved search "${escapeHtml(match.savedSearchName)}":</p>` +
        `<p><a href="${escapeHtml(link)}"><strong>${escapeHtml(listing.title)}</strong></a><br>${escapeHtml(where)}</p><blockquote>${escapeHtml(listing.excerpt)}</blockquote>` +
        `<p><a href="${escapeHtml(link)}">See the listing</a></p><p>${SITE}</p>`,
      messageId: alertMessageId(match.deliveryId, publicUrl),
    },
    { publicUrl, token: match.unsubscribeToken, why: `You receive this e-mail because you saved the search "${match.savedSearchName}" on ${SITE} with instant alerts.`, stop: 'Stop this alert' },
  );
}

/**
 * Daily digests (a mail batch kind, see mail-batch-kind.ts): a user's daily saved-search matches within
 * ALERT_DIGEST_WINDOW_S of the first go to them in one mail (subject key: the user's one digest), each listing with its
 * link and a link that stops its saved search; the headers' one-click link stops the user's daily alerts (the digest).
 */
export function alertDigestKind(config: Pick<CommsDeps['config'], 'ALERT_DIGEST_WINDOW_S'>): MailBatchKind<AlertDigestItem> {
  return {
    kind: ALERT_DIGEST_KIND,
    windowMs: config.ALERT_DIGEST_WINDOW_S * 1000,
    itemSchema: AlertDigestItemSchema,
    render({ recipient, items, total, messageId, publicUrl }) {
      const more = total - items.length;
      const entries = items.map((i) => ({ ...i, link: listingLink(publicUrl, i.listing.listingId), stop: alertUnsubscribeLinks(publicUrl, i.unsubscribeToken).page, where: `${i.listing.category} · ${i.listing.location}${priceText(i.listing.price)}` }));
      const moreText = more > 0 ? `and ${more} more on the listings page: ${new URL('/listings', publicUrl).toString()}` : '';
      return withUnsubscribe(
        {
          to: recipient.email,
          subject: `${total} new ${total === 1 ? 'listing matches' : 'listings match'} your saved searches`,
          text:
            `Hello ${recipient.name},\n\nNew listings for your saved searches:\n\n` +
            entries.map((e) => `${e.listing.title} (for "${e.savedSearchName}")\n${e.where}\n${e.link}\nStop the alert "${e.savedSearchName}": ${e.stop}`).join('\n\n') +
            (moreText ? `\n\n${moreText}` : '') +
            `\n\n${SITE}`,
          html:
            `<p>Hello ${escapeHtml(recipient.name)},</p><p>New listings for your saved searches:</p><ul>` +
            entries
              .map(
                (e) =>
                  `<li><a href="${escapeHtml(e.link)}"><strong>${escapeHtml(e.listing.title)}</strong></a> (for "${escapeHtml(e.savedSearchName)}")<br>${escapeHtml(e.where)}<br>` +
                  `<a href="${escapeHtml(e.stop)}" style="font-size:12px">Stop the alert "${escapeHtml(e.savedSearchName)}"</a></li>`,
              )
              .join('') +
            `</ul>${moreText ? `<p>${escapeHtml(moreText)}</p>` : ''}<p>${SITE}</p>`,
          messageId,
        },
        { publicUrl, token: items.at(-1)?.digestUnsubscribeToken ?? '', why: `You receive this daily digest because you saved searches on ${SITE} with daily alerts.`, stop: 'Stop the daily digest' },
      );
    },
  };
}

export type AlertOutcome = 'sent' | 'queued' | 'duplicate' | NoRecipient;

/**
 * listings.saved-search-matched → an instant alert is mailed now (in the consumer's transaction, with its "processed"
 * record: once per event; the address asked of identity at send time); a daily one joins the user's digest batch.
 * Once per user and listing, however many of the user's saved searches it matches (issue 41: a hundred identical
 * searches make one mail, not a hundred): the instant alert is recorded under `alert:<userId>:<listingId>`, and the
 * digest keeps one item per listing. A user identity does not know, without an address or who never verified it: no
 * mail, no retry. Identity or the mail server failing throws: the event comes again after the consumer's backoff.
 */
export async function handleSavedSearchMatch(deps: CommsDeps, match: Matched, session: ClientSession): Promise<AlertOutcome> {
  if (match.frequency === 'daily') {
    const { outcome } = await appendToBatch(
      deps,
      alertDigestKind(deps.config),
      {
        recipientId: match.userId,
        subjectKey: DIGEST_SUBJECT_KEY,
        itemId: `alert:${match.userId}:${match.listing.listingId}`,
        item: { savedSearchId: match.savedSearchId, savedSearchName: match.savedSearchName, listing: match.listing, unsubscribeToken: match.unsubscribeToken, digestUnsubscribeToken: match.digestUnsubscribeToken },
      },
      session,
    );
    return outcome === 'added' ? 'queued' : 'duplicate';
  }
  const to = await recipientOf(deps, match.userId);
  if (typeof to === 'string') return to;
  if (!(await deps.sentNotices.record(`alert:${match.userId}:${match.listing.listingId}`, match.userId, deps.now(), session))) return 'duplicate';
  await deps.mailer.send(instantAlertMail(to, match, deps.config.PUBLIC_URL));
  return 'sent';
}
