import type { Context } from 'koa';
import { createRouter, HttpError, readFormBody, type AuthUser } from '@cp/service-kit';
import { confirmNewsletter } from './use-cases/confirm-newsletter.ts';
import type { CommsDeps } from './use-cases/deps.ts';
import { sendContactMessage } from './use-cases/send-contact-message.ts';
import { subscribeNewsletter } from './use-cases/subscribe-newsletter.ts';
import { unsubscribeNewsletter, unsubscribePageUrl, type UnsubscribeRequest } from './use-cases/unsubscribe-newsletter.ts';
import { MESSAGE_MAIL_UNSUBSCRIBE_PATH } from '@cp/contracts';
import { messageMailUnsubscribePage, unsubscribeMessageMails } from './use-cases/message-notices.ts';

/** The List-Unsubscribe URL of every newsletter mail (POST: one-click, RFC 8058; GET: to the unsubscribe page). */
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';

/** An unsubscribe POST: the one-click form (token in the query) or the page's JSON; any other body is a 415. */
async function unsubscribeRequest(ctx: Context): Promise<UnsubscribeRequest> {
  if (ctx.is('application/x-www-form-urlencoded')) return { kind: 'one-click', query: ctx.query, form: await readFormBody(ctx) };
  const hasBody = Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';
  if (hasBody && !ctx.is('application/json')) throw new HttpError(415, 'Content-Type must be application/json or application/x-www-form-urlencoded');
  return { kind: 'json', body: ctx.request.body };
}

/**
 * The public calls of spec §7 (POST /api/contact, POST /api/newsletter/subscribe) and the newsletter's links: confirm
 * and unsubscribe. `verify`: identity's session check (the newsletter sign-up asks who is signed in).
 */
export function commsRoutes(deps: CommsDeps, verify?: (ctx: Context) => Promise<AuthUser | null>) {
  const router = createRouter();
  router.post('/api/contact', async (ctx) => {
    ctx.status = 201;
    ctx.body = await sendContactMessage(deps, ctx.request.body);
  });
  router.post('/api/newsletter/subscribe', async (ctx) => {
    ctx.status = 202;
    ctx.body = await subscribeNewsletter(deps, ctx.request.body, async () => (verify ? ((await verify(ctx))?.id ?? null) : null));
  });
  router.post('/api/newsletter/confirm', async (ctx) => {
    ctx.body = await confirmNewsletter(deps, ctx.request.body);
  });
  router.post(NEWSLETTER_UNSUBSCRIBE_PATH, async (ctx) => {
    ctx.body = await unsubscribeNewsletter(deps, await unsubscribeRequest(ctx));
  });
  // Unread-message mails (issue 23 §5): their one-click unsubscribe (RFC 8058: a form, the token in the query) or the
  // page's JSON; a GET (a client opening the List-Unsubscribe link) goes to the page.
  router.post(MESSAGE_MAIL_UNSUBSCRIBE_PATH, async (ctx) => {
    ctx.body = await unsubscribeMessageMails(deps, await unsubscribeRequest(ctx));
  });
  router.get(MESSAGE_MAIL_UNSUBSCRIBE_PATH, (ctx) => {
    ctx.status = 303;
    ctx.redirect(messageMailUnsubscribePage(deps, ctx.query.token));
  });
  router.get(NEWSLETTER_UNSUBSCRIBE_PATH, (ctx) => {
    const page = unsubscribePageUrl(deps, ctx.query);
    ctx.status = 303;
    ctx.redirect(page);
  });
  return router;
}
