import { z } from 'zod';
import { badRequest, createRouter } from '@cp/service-kit';
import { pageHead, type PageHeadDeps } from './page-head.ts';

/** A page path with its query, as the gateway received it: starts with one `/`, printable, bounded. */
const PageTargetSchema = z
  .string()
  .max(2048)
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  .regex(/^\/(?!\/)[^\u0000-\u001f\u007f\\]*$/);

/**
 * `GET /internal/page-head?path=<path and query>` (the gateway only; it never routes /internal from outside):
 * `{ status, head }` (contracts' PageHeadAnswerSchema). Anonymous content only — the gateway forwards no cookie — so
 * the answer may be cached briefly (Cache-Control: public, max-age=30).
 */
export function pageRoutes(deps: PageHeadDeps) {
  const router = createRouter();
  router.get('/internal/page-head', async (ctx) => {
    const raw = ctx.query.path;
    const parsed = PageTargetSchema.safeParse(raw);
    if (!parsed.success) throw badRequest('path must be one page path with its query');
    ctx.set('Cache-Control', 'public, max-age=30');
    ctx.body = await pageHead(deps, parsed.data);
  });
  return router;
}
