import { z } from 'zod';
import { badRequest, createRouter } from '@cp/service-kit';
import { parseSiteSettings, SITE_SETTINGS_HEADER, STYLESHEET_PATH, type PageRenderer, type ServiceName } from '@cp/contracts';
import { pageReads, type ServiceClient } from '../upstream.ts';
import { apiReader } from './body.ts';
import { pageHead, type PageHeadDeps } from './page-head.ts';

/** A page path with its query, as the gateway received it: starts with one `/`, printable, bounded. */
const PageTargetSchema = z
  .string()
  .max(2048)
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  .regex(/^\/(?!\/)[^\u0000-\u001f\u007f\\]*$/);

/** Who the page is for: a person (absent) or a link previewer / search engine (a longer budget). */
const ForWhomSchema = z.enum(['previewer']).optional();

/** The gateway's site settings (base64url JSON), checked; undefined when absent or not a settings document. */
function siteSettingsOf(header: string): string | undefined {
  if (!header || header.length > 16_384) return undefined;
  try {
    const settings = parseSiteSettings(JSON.parse(Buffer.from(header, 'base64url').toString('utf8')));
    return settings ? JSON.stringify(settings) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `GET /internal/page-head?path=<path and query>` (the gateway only; it never routes /internal from outside):
 * `{ status, head }` (contracts' PageHeadAnswerSchema). Anonymous content only — the gateway forwards no cookie — so
 * the answer may be cached briefly (Cache-Control: public, max-age=30).
 */
export function pageRoutes(
  deps: Omit<PageHeadDeps, 'services'> & {
    /** The budget when the gateway asks for a link previewer or a search engine (`for=previewer`). */
    previewerBudgetMs: number;
    body?: PageRenderer | undefined;
    /** What a page may read: the head's services and more for the body (ads). */
    pageServices: PageHeadDeps['services'] & Partial<Record<ServiceName, ServiceClient>>;
  },
) {
  const router = createRouter();
  router.get('/internal/page-head', async (ctx) => {
    const raw = ctx.query.path;
    const parsed = PageTargetSchema.safeParse(raw);
    if (!parsed.success) throw badRequest('path must be one page path with its query');
    const forWhom = ForWhomSchema.safeParse(ctx.query.for);
    if (!forWhom.success) throw badRequest("for must be 'previewer' or absent");
    const budgetMs = forWhom.data === 'previewer' ? deps.previewerBudgetMs : deps.budgetMs;
    // The head and the body (issue 20) in parallel, within one budget; a body not rendered in time is left out.
    const deadline = Date.now() + budgetMs;
    const siteSettings = siteSettingsOf(ctx.get(SITE_SETTINGS_HEADER));
    // One read of each service path for both: the head's entity is the body's query.
    const reads = pageReads(deps.pageServices);
    const [head, body] = await Promise.all([
      pageHead({ ...deps, budgetMs, services: reads }, parsed.data),
      deps.body?.render(parsed.data, deadline, siteSettings, apiReader(reads)).catch((err: unknown) => {
        deps.logger.error({ err, path: parsed.data }, 'page body: rendering failed: the browser renders it');
        return undefined;
      }),
    ]);
    // A head alone may be kept by the gateway (30 s). A page with its body is not: its data is what the browser shows
    // and keeps (it does not fetch it again), so a visitor who just posted must see it on the next page load; nor is
    // an answer that should have had a body (over the budget) or shows a remote's fallback. Nor is a generic head that
    // stood in for data not read in time: the next visitor's page asks again.
    ctx.set('Cache-Control', deps.body || head.incomplete ? 'no-store' : 'public, max-age=30');
    const answer = { status: head.status, head: head.head };
    ctx.body = body ? { ...answer, body: { html: body.html, state: body.state, styles: body.styles.filter((href) => STYLESHEET_PATH.test(href)) } } : answer;
  });
  return router;
}
