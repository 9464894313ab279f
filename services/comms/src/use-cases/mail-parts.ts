import { escapeHtml } from '@cp/service-kit';

/**
 * What every mail comms writes shares: the site's name as the mails sign and name their lists, the RFC 8058 one-click
 * unsubscribe headers, a list's id, and the one button a mail may have.
 */
export const SITE = 'Central PA Desi Community';

/** `List-Unsubscribe` (the one-click URL) with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058). */
export function oneClickUnsubscribe(oneClickUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** A mailing list's `List-Id` (RFC 2919): "<site> <name> <<id>.<the site's host>>". */
export function listId(name: string, id: string, publicUrl: string): string {
  return `${SITE} ${name} <${id}.${new URL(publicUrl).hostname}>`;
}

/** A mail's button: a link styled as one, in a paragraph of its own (HTML part). */
export function mailButton(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#ea580c;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}
