import { createRouter, HttpError, type Auth, type AuthUser } from '@cp/service-kit';
import { LinkTokenSchema } from '@cp/contracts';
import type { Context } from 'koa';
import { renewFromLink, renewOwnListing } from './use-cases/renew-listing.ts';
import { markListingDone } from './use-cases/mark-done.ts';
import { optOutOfReminders } from './use-cases/reminder-opt-out.ts';
import type { ListingsDeps } from './use-cases/deps.ts';

/** The reminder mail's List-Unsubscribe URL (POST: one-click, RFC 8058; GET: to the page). */
export const REMINDERS_UNSUBSCRIBE_PATH = '/api/listings/reminders/unsubscribe';
/** The pages of the signed links (mf-listings), no login. */
export const RENEW_PAGE_PATH = '/renew-listing';
export const REMINDERS_UNSUBSCRIBE_PAGE_PATH = '/reminders/unsubscribe';

const user = (ctx: Context) => ctx.state.user as AuthUser;

/** Reads and drops a small form body (the one-click POST's `List-Unsubscribe=One-Click`): the token in the query is the proof. */
async function drainSmallBody(ctx: Context, limitBytes = 1_024): Promise<void> {
  if (Number(ctx.get('content-length') || 0) > limitBytes) throw new HttpError(413, 'Request body too large');
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) throw new HttpError(413, 'Request body too large');
  }
}

/**
 * Issue 22 lifecycle routes. Registered before the listings routes, so `/api/listings/reminders/…` is not read as a
 * listing id.
 */
export function lifecycleRoutes(deps: ListingsDeps, auth: Auth) {
  const router = createRouter();

  router.post('/api/listings/renew-link', async (ctx) => {
    ctx.body = await renewFromLink(deps, LinkTokenSchema.parse(ctx.request.body ?? {}).token);
  });

  router.post(REMINDERS_UNSUBSCRIBE_PATH, async (ctx) => {
    let token: unknown = ctx.query.token;
    if (ctx.is('application/json')) token ??= LinkTokenSchema.parse(ctx.request.body ?? {}).token;
    else await drainSmallBody(ctx);
    ctx.body = await optOutOfReminders(deps, token);
  });

  // A mail client without one-click opens the List-Unsubscribe URL: nothing changes, the browser goes to the page.
  router.get(REMINDERS_UNSUBSCRIBE_PATH, (ctx) => {
    const { token } = LinkTokenSchema.parse({ token: ctx.query.token });
    ctx.status = 303;
    ctx.redirect(`${REMINDERS_UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`);
  });

  router.post('/api/listings/:id/renew', auth.requireUser, async (ctx) => {
    ctx.body = await renewOwnListing(deps, user(ctx).id, ctx.params.id ?? '');
  });

  router.post('/api/listings/:id/done', auth.requireUser, async (ctx) => {
    ctx.body = await markListingDone(deps, user(ctx).id, ctx.params.id ?? '', ctx.request.body);
  });

  return router;
}
