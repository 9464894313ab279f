import { z } from 'zod';
import { HttpError, type UnsubscribeRequest } from '@cp/service-kit';
import { AlertUnsubscribeSchema, NewsletterOneClickSchema, SAVED_SEARCH_MESSAGES, type AlertUnsubscribeResult } from '@cp/contracts';
import type { ListingsDeps } from './deps.ts';

/** The path of every alert mail's unsubscribe link (POST: one-click, RFC 8058, or the page; GET: to the page). */
export const ALERT_UNSUBSCRIBE_PATH = '/api/saved-searches/unsubscribe';
/** The web page that says what happened (and POSTs the token). */
export const ALERT_UNSUBSCRIBE_PAGE = '/alerts/unsubscribe';

const QuerySchema = z.object({ token: AlertUnsubscribeSchema.shape.token }).loose();

function invalid(): HttpError {
  return new HttpError(400, SAVED_SEARCH_MESSAGES.invalidLink);
}

/**
 * Stops alert mails without a login (the signed link is the proof): an alert's token pauses that saved search; a
 * digest's token pauses every daily saved search of its user. Again: the same answer. A forged, expired, other-purpose
 * or malformed token is a 400 and changes nothing; a saved search deleted since answers `gone`.
 */
export async function unsubscribeAlert(deps: ListingsDeps, request: UnsubscribeRequest): Promise<AlertUnsubscribeResult> {
  let token: string;
  if (request.kind === 'one-click') {
    const query = QuerySchema.safeParse(request.query);
    if (!query.success) throw invalid();
    token = query.data.token;
    NewsletterOneClickSchema.parse(request.form);
  } else {
    const body = AlertUnsubscribeSchema.safeParse(request.body);
    if (!body.success) throw invalid();
    token = body.data.token;
  }
  const now = deps.now();
  const target = verify(deps, token, now);
  if ('userId' in target) {
    await deps.savedSearches.pauseDaily(target.userId, now);
    return { message: SAVED_SEARCH_MESSAGES.pausedAll, status: 'paused' };
  }
  const paused = await deps.savedSearches.pause(target.savedSearchId, now);
  if (!paused) return { message: SAVED_SEARCH_MESSAGES.gone, status: 'gone' };
  return { message: SAVED_SEARCH_MESSAGES.paused, status: 'paused', name: paused.name };
}

function verify(deps: ListingsDeps, token: string, now: Date): { savedSearchId: string } | { userId: string } {
  try {
    return deps.alertLinks.alert.verify(token, now);
  } catch {
    return deps.alertLinks.digest.verify(token, now); // the same 400 for anything neither accepts
  }
}

/** GET of the List-Unsubscribe URL (a mail client without one-click opens it): changes nothing, sends the browser to the page. */
export function unsubscribePagePath(query: unknown): string {
  const parsed = QuerySchema.safeParse(query);
  if (!parsed.success) throw invalid();
  return `${ALERT_UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(parsed.data.token)}`;
}
