import { NEWSLETTER_TEXT, NewsletterMailRequested, NewsletterSubscribeSchema, type NewsletterMailKind } from '@cp/contracts';
import { conflict, isDuplicateKey, runInTransaction } from '@cp/service-kit';
import type { CommsDeps } from './deps.ts';
import { newNewsletterToken } from './newsletter-tokens.ts';

export const ALREADY_SUBSCRIBED = { message: NEWSLETTER_TEXT.alreadySubscribed, code: 'already_subscribed' } as const;

/** At most one confirmation or "already subscribed" mail per address in this time: nobody can mail-bomb an address. */
export const NEWSLETTER_MAIL_GAP_MS = 10 * 60_000;

/** The signed-in user's id, or null (no session, or it could not be checked). */
export type SignedInUser = () => Promise<string | null>;

/** The signed-in user's own address, lower-cased; null for visitors and when identity cannot say. */
async function signedInEmail(deps: CommsDeps, signedIn: SignedInUser): Promise<string | null> {
  try {
    const userId = await signedIn();
    if (!userId) return null;
    return (await deps.users.contact(userId))?.email?.toLowerCase() ?? null;
  } catch (err) {
    // Identity unreachable: answered like a visitor (the neutral answer), never a 500.
    deps.logger.warn({ err: String(err) }, 'newsletter sign-up: the signed-in user could not be looked up');
    return null;
  }
}

/**
 * A newsletter sign-up (double opt-in). The answer is the same 202 for a new, a pending and a subscribed address, so it
 * tells nobody whether an address is subscribed — except the signed-in owner of a subscribed address, who gets the
 * spec's 409. A new or not subscribed address becomes pending and gets a confirmation mail; a subscribed one a notice
 * that it is subscribed already; both at most once per NEWSLETTER_MAIL_GAP_MS per address (further sign-ups send
 * nothing, silently). The mail is an event written in the same transaction (transactional outbox), sent by the
 * newsletter-mail consumer.
 */
export async function subscribeNewsletter(deps: CommsDeps, body: unknown, signedIn: SignedInUser): Promise<{ message: string }> {
  const email = NewsletterSubscribeSchema.parse(body).email.toLowerCase();
  // Asked for every signed-in request whatever the address, so the time taken does not depend on its state either.
  const own = (await signedInEmail(deps, signedIn)) === email;
  if (own && (await deps.newsletter.findByEmail(email))?.subscribed) throw conflict(ALREADY_SUBSCRIBED.message, ALREADY_SUBSCRIBED.code);
  try {
    await runInTransaction(deps.conn, async (session, emit) => {
      const now = deps.now();
      const current = await deps.newsletter.findByEmail(email, session);
      let subscriptionId: string;
      let kind: NewsletterMailKind;
      if (!current) {
        subscriptionId = (await deps.newsletter.createPending(email, now, newNewsletterToken(), session))._id;
        kind = 'confirmation';
      } else {
        subscriptionId = current._id;
        kind = current.subscribed ? 'already-subscribed' : 'confirmation';
        if (!current.subscribed) await deps.newsletter.markPending(current._id, now, session);
        if (!(await deps.newsletter.takeMailSlot(current._id, now, NEWSLETTER_MAIL_GAP_MS, session))) return;
      }
      const mail = await deps.newsletterMails.create(subscriptionId, kind, session);
      await emit(NewsletterMailRequested, { mailId: mail._id, subscriptionId, kind });
    });
  } catch (err) {
    // The same new address signed up at the same moment: the other sign-up made it pending and sends the mail.
    if (!isDuplicateKey(err)) throw err;
  }
  return { message: NEWSLETTER_TEXT.checkInbox };
}
