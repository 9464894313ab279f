import type { Context } from 'koa';
import { createRouter, type Auth, type AuthUser } from '@cp/service-kit';
import { banUser } from './use-cases/ban-user.ts';
import type { ModerationDeps } from './use-cases/deps.ts';
import { dismissCase } from './use-cases/dismiss-case.ts';
import { listBans } from './use-cases/list-bans.ts';
import { listCases } from './use-cases/list-cases.ts';
import { listLog } from './use-cases/list-log.ts';
import { removeCase } from './use-cases/remove-case.ts';
import { reportContent } from './use-cases/report-content.ts';
import { unbanUser } from './use-cases/unban-user.ts';
import { listRemoteReleases, setRemoteRelease } from './use-cases/releases.ts';
import { readOperations } from './use-cases/operations.ts';
import { ADMIN_OPERATIONS_PATH, ADMIN_RELEASES_PATH } from '@cp/contracts';

const user = (ctx: Context) => ctx.state.user as AuthUser;

/** Where the admin's moderation routes live; every one of them is for admins only (401 signed out, 403 without the role). */
export const ADMIN_MODERATION = '/api/admin/moderation';

/** Reporting (signed in) and the moderation queue, its decisions, bans and audit log (admins only, checked here). */
export function moderationRoutes(deps: ModerationDeps, auth: Auth) {
  const router = createRouter();
  const A = ADMIN_MODERATION;

  router.post('/api/reports', auth.requireUser, async (ctx) => {
    ctx.status = 201;
    ctx.body = await reportContent(deps, user(ctx), ctx.request.body);
  });

  router.get(`${A}/cases`, auth.requireAdmin, async (ctx) => {
    ctx.body = await listCases(deps, ctx.query);
  });
  router.post(`${A}/cases/:id/dismiss`, auth.requireAdmin, async (ctx) => {
    ctx.body = await dismissCase(deps, user(ctx), ctx.params.id ?? '', ctx.request.body);
  });
  router.post(`${A}/cases/:id/remove`, auth.requireAdmin, async (ctx) => {
    ctx.body = await removeCase(deps, user(ctx), ctx.params.id ?? '', ctx.request.body);
  });
  router.post(`${A}/users/:userId/ban`, auth.requireAdmin, async (ctx) => {
    ctx.status = 201;
    ctx.body = await banUser(deps, user(ctx), ctx.params.userId ?? '', ctx.request.body);
  });
  router.post(`${A}/users/:userId/unban`, auth.requireAdmin, async (ctx) => {
    await unbanUser(deps, user(ctx), ctx.params.userId ?? '', ctx.request.body);
    ctx.status = 204;
  });
  router.get(`${A}/bans`, auth.requireAdmin, async (ctx) => {
    ctx.body = await listBans(deps, ctx.query);
  });
  router.get(`${A}/log`, auth.requireAdmin, async (ctx) => {
    ctx.body = await listLog(deps, ctx.query);
  });

  // The releases by percentage of the remotes (issue 35 §4): admins only, checked here.
  router.get(ADMIN_RELEASES_PATH, auth.requireAdmin, async (ctx) => {
    ctx.body = await listRemoteReleases(deps.releases);
  });
  router.post(`${ADMIN_RELEASES_PATH}/:remote`, auth.requireAdmin, async (ctx) => {
    ctx.body = await setRemoteRelease(deps.releases, user(ctx), ctx.params.remote ?? '', ctx.request.body);
  });

  // The Operations tab's charts (issue 36 §4): admins only, checked here; Prometheus down is a 200 saying so.
  router.get(ADMIN_OPERATIONS_PATH, auth.requireAdmin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readOperations(deps, ctx.query);
  });

  return router;
}
