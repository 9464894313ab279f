import type { Context } from 'koa';
import { createRouter, HttpError, readFormBody, type Auth, type AuthUser } from '@cp/service-kit';
import { listSavedSearches } from './use-cases/list-saved-searches.ts';
import { createSavedSearch } from './use-cases/create-saved-search.ts';
import { updateSavedSearch } from './use-cases/update-saved-search.ts';
import { deleteSavedSearch } from './use-cases/delete-saved-search.ts';
import { ALERT_UNSUBSCRIBE_PATH, unsubscribeAlert, unsubscribePagePath, type AlertUnsubscribeRequest } from './use-cases/unsubscribe-alert.ts';
import type { ListingsDeps } from './use-cases/deps.ts';

const user = (ctx: Context) => ctx.state.user as AuthUser;

/** An unsubscribe POST: the one-click form (token in the query) or the page's JSON; any other body is a 415. */
async function unsubscribeRequest(ctx: Context): Promise<AlertUnsubscribeRequest> {
  if (ctx.is('application/x-www-form-urlencoded')) return { kind: 'one-click', query: ctx.query, form: await readFormBody(ctx) };
  const hasBody = Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';
  if (hasBody && !ctx.is('application/json')) throw new HttpError(415, 'Content-Type must be application/json or application/x-www-form-urlencoded');
  return { kind: 'json', body: ctx.request.body };
}

/**
 * Saved searches with alerts (issue 22 §3): the signed-in user's own (another user's is a 404), and the alert mails'
 * unsubscribe link, which needs no login (its signed token is the proof).
 */
export function savedSearchRoutes(deps: ListingsDeps, auth: Auth) {
  const router = createRouter();
  router.post(ALERT_UNSUBSCRIBE_PATH, async (ctx) => {
    ctx.body = await unsubscribeAlert(deps, await unsubscribeRequest(ctx));
  });
  router.get(ALERT_UNSUBSCRIBE_PATH, (ctx) => {
    ctx.status = 303;
    ctx.redirect(unsubscribePagePath(ctx.query));
  });
  router.get('/api/saved-searches', auth.requireUser, async (ctx) => {
    ctx.body = await listSavedSearches(deps, user(ctx).id);
  });
  router.post('/api/saved-searches', auth.requireUser, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createSavedSearch(deps, user(ctx).id, ctx.request.body);
  });
  router.patch('/api/saved-searches/:id', auth.requireUser, async (ctx) => {
    ctx.body = await updateSavedSearch(deps, user(ctx).id, ctx.params.id ?? '', ctx.request.body);
  });
  router.delete('/api/saved-searches/:id', auth.requireUser, async (ctx) => {
    await deleteSavedSearch(deps, user(ctx).id, ctx.params.id ?? '');
    ctx.body = { message: 'Saved search deleted' };
  });
  return router;
}
