import { z } from 'zod';
import { badRequest, createRouter } from '@cp/service-kit';
import type { PageRenderer } from '@cp/contracts';
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
export function pageRoutes(deps: PageHeadDeps & { body?: PageRenderer | undefined }) {
  const router = createRouter();
  router.get('/internal/page-head', async (ctx) => {
    const raw = ctx.query.path;
    const parsed = PageTargetSchema.safeParse(raw);
    if (!parsed.success) throw badRequest('path must be one page path with its query');
    // The head and the body (issue 20) in parallel, within one budget; a body not rendered in time is left out.
    const deadline = Date.now() + deps.budgetMs;
    const [head, body] = await Promise.all([
      pageHead(deps, parsed.data),
      deps.body?.render(parsed.data, deadline).catch((err: unknown) => {
        deps.logger.error({ err, path: parsed.data }, 'page body: rendering failed: the browser renders it');
        return undefined;
      }),
    ]);
    // Kept by the gateway (30 s) only when complete: not without its body, nor with a remote's fallback in it.
    const complete = !deps.body || (body !== undefined && body.failedModules.length === 0);
    ctx.set('Cache-Control', complete ? 'public, max-age=30' : 'no-store');
    ctx.body = body ? { ...head, body: { html: body.html, state: body.state } } : head;
  });
  return router;
}
