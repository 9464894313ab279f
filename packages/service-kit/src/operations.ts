import type Router from '@koa/router';
import type Koa from 'koa';
import type { Context } from 'koa';
import { LinkTokenSchema } from '@cp/contracts';
import { LIST_OR_PAGE_DESCRIPTION, type ApiOperation, type ApiResponse, type ServiceApi } from '@cp/contracts/openapi';
import { createApp, createRouter } from './app.ts';
import type { ReadinessCheck } from './health.ts';
import { mongoReadiness } from './mongo.ts';
import type { ServiceAppInput } from './service.ts';
import { NO_SESSIONS, type Auth, type AuthUser } from './auth.ts';
import { answerList, type ListAnswer } from './list-page.ts';

/**
 * One operation table per service (issue 37 §1): each entry is the operation as the OpenAPI documents describe it
 * (`ApiOperation`: path, method, auth, the contracts' schemas, the answers and errors) together with the handler that
 * answers it. The service's Koa router (`operationsRouter`), its OpenAPI document (scripts/openapi reads the same
 * export) and the route test (scripts/test/openapi.test.ts) are all built from that one entry, so a route cannot be
 * declared in one place and registered differently in another.
 */
export interface Operation<Deps> extends ApiOperation {
  /**
   * Answers the call, after the table's `auth` was enforced (`user`: 401 without a session; `admin`: 401, or 403
   * without the role; the session is then on `signedIn(ctx)`). What it returns, unless `undefined`, is the JSON body,
   * sent with the operation's only success status (201 for a creation); an operation whose only success is 204 answers
   * that once the handler is done (and sends no body); a handler that answers otherwise (a bare list with its Link
   * header, a redirect, a stream) sets `ctx` itself and returns nothing.
   */
  handle(ctx: Context, deps: Deps, auth: Auth): unknown;
}

/** A service's declaration with its handlers: what `services/<name>/src/api.ts` exports and its manifest names. */
export interface OperationTable<Deps> extends ServiceApi {
  operations: Array<Operation<Deps>>;
  /** What a `user` operation called without a session answers (401), when the service has its own words for it. */
  signInMessage?: string;
}

/** Identity, typed: the table of a service whose handlers take `Deps`. */
export function defineOperations<Deps>(table: OperationTable<Deps>): OperationTable<Deps> {
  return table;
}

/** Identity, typed: one area's operations (a file per area; the service's table lists the areas). */
export function operations<Deps>(ops: Array<Operation<Deps>>): Array<Operation<Deps>> {
  return ops;
}

/** The session a `user` or `admin` operation's handler runs under (set by the table's auth check). */
export function signedIn(ctx: Context): AuthUser {
  const user = ctx.state.user as AuthUser | null | undefined;
  if (!user) throw new Error('signedIn(ctx) outside a user or admin operation');
  return user;
}

/**
 * The handler of a list-or-page operation (listOrPageAnswer): what the use case lists, answered as answerList does,
 * `maxLimit` being the endpoint's largest page.
 */
export function answeringList<Deps>(maxLimit: number, list: (ctx: Context, deps: Deps, auth: Auth) => Promise<ListAnswer<unknown>>): Operation<Deps>['handle'] {
  return async (ctx, deps, auth) => {
    const { page, bare } = await list(ctx, deps, auth);
    answerList(ctx, page, bare, maxLimit);
  };
}

/**
 * A list-or-page operation: described by LIST_OR_PAGE_DESCRIPTION unless it says more, its 200 answer `answer`
 * (listOrPageAnswer), 400 for a bad query unless it names its errors, answered by answeringList.
 */
export function listOrPageOperation<Deps>(
  op: Omit<Operation<Deps>, 'responses' | 'errors' | 'handle'> & {
    answer: ApiResponse;
    errors?: number[];
    maxLimit: number;
    list: (ctx: Context, deps: Deps, auth: Auth) => Promise<ListAnswer<unknown>>;
  },
): Operation<Deps> {
  const { answer, errors, maxLimit, list, ...declared } = op;
  return {
    description: LIST_OR_PAGE_DESCRIPTION,
    ...declared,
    responses: { 200: answer },
    errors: errors ?? [400],
    handle: answeringList(maxLimit, list),
  };
}

/**
 * The GET of a link in a mail (issue 41 §4): opening it changes nothing (a mail scanner that follows every link acts on
 * nothing); the browser is sent (303) to the site's page, which acts only when its button is pressed. `page` is that
 * page: a path, to which the link's `token` goes as it came (LinkTokenSchema: 400 for a link without one), or the
 * service's own way to make the page's URL from the link's query (throwing its 400 for a link that is not one).
 */
export function mailLinkToPage<Deps>(
  op: Omit<Operation<Deps>, 'method' | 'responses' | 'errors' | 'handle'> & { errors?: number[]; page: string | ((query: Context['query'], deps: Deps) => string) },
): Operation<Deps> {
  const { page, errors, ...declared } = op;
  const to = typeof page === 'string' ? (query: Context['query']) => `${page}?token=${encodeURIComponent(LinkTokenSchema.parse({ token: query.token }).token)}` : page;
  return {
    ...(typeof page === 'string' ? { query: LinkTokenSchema } : {}),
    ...declared,
    method: 'get',
    responses: { 303: { description: 'To the page, which asks before anything changes.', headers: { Location: 'The page.' } } },
    errors: errors ?? [400],
    handle: (ctx, deps) => {
      const location = to(ctx.query, deps);
      ctx.status = 303;
      ctx.redirect(location);
    },
  };
}

/** Whether a table entry carries its handler (a declaration without one is described, not answered, by this service). */
export function isOperation<Deps>(op: ApiOperation): op is Operation<Deps> {
  return typeof (op as Partial<Operation<Deps>>).handle === 'function';
}

/** The status a returned body is sent with: the operation's only 2xx answer, or 200 when it names several. */
export function successStatus(op: ApiOperation): number {
  const ok = Object.keys(op.responses).map(Number).filter((s) => s >= 200 && s < 300);
  return ok.length === 1 ? ok[0]! : 200;
}

/**
 * The Koa router of a table (or of one area's operations), in the table's order (which is the match order:
 * `/api/listings/mine` before `/api/listings/:id`). Every entry must carry its handler. A service that reads no session
 * leaves out `auth`.
 */
export function operationsRouter<Deps>(table: OperationTable<Deps> | ReadonlyArray<ApiOperation>, deps: Deps, auth: Auth = NO_SESSIONS): Router {
  const ops = 'operations' in table ? table.operations : table;
  const message = 'operations' in table ? table.signInMessage : undefined;
  const requireUser = message ? auth.requireUserSaying(message) : auth.requireUser;
  const router = createRouter();
  for (const op of ops) {
    if (!isOperation<Deps>(op)) throw new Error(`${op.method.toUpperCase()} ${op.path} (${op.id}) has no handler`);
    const guard = op.auth === 'user' ? [requireUser] : op.auth === 'admin' ? [auth.requireAdmin] : [];
    const status = successStatus(op);
    router[op.method](op.path, ...guard, async (ctx: Context) => {
      const body: unknown = await op.handle(ctx, deps, auth);
      if (status === 204) {
        ctx.status = 204;
        return;
      }
      if (body === undefined) return;
      ctx.body = body;
      ctx.status = status;
    });
  }
  return router;
}

/**
 * A service's app on its database, answering its operation table (createApp, named after the table's service):
 * `/readyz` checks MongoDB, then the service's own `readiness` (its object store), then the kit's (NATS);
 * `rawBodyPaths`, the writes whose routes read a body that is not JSON.
 */
export function operationsApp<Deps>(
  input: Pick<ServiceAppInput, 'conn' | 'logger' | 'readiness'>,
  table: OperationTable<Deps>,
  deps: Deps,
  auth: Auth = NO_SESSIONS,
  options: { readiness?: ReadinessCheck[]; rawBodyPaths?: string[] } = {},
): Koa {
  const app = createApp({
    name: table.service,
    logger: input.logger,
    readiness: [mongoReadiness(input.conn), ...(options.readiness ?? []), ...(input.readiness ?? [])],
    ...(options.rawBodyPaths ? { rawBodyPaths: options.rawBodyPaths } : {}),
  });
  const routes = operationsRouter(table, deps, auth);
  app.use(routes.routes()).use(routes.allowedMethods());
  return app;
}
