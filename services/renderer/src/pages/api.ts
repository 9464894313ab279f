import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { badRequest, operations } from '@cp/service-kit';
import {
  PAGE_STREAM_PATH,
  PAGE_STREAM_TYPE,
  parseSiteSettings,
  REMOTE_VERSIONS_HEADER,
  SITE_SETTINGS_HEADER,
  STYLESHEET_PATH,
  type PageBodyFrame,
  type PageHeadFrame,
  type PageRenderer,
} from '@cp/contracts';
import { pageReads, type ServiceClient } from '../upstream.ts';
import { apiReader } from './body.ts';
import type { RegisteredLookup } from '../registered.ts';
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

/** One line of the page's stream. */
const frame = (value: PageHeadFrame | PageBodyFrame): string => `${JSON.stringify(value)}\n`;

/** What the page operation reads: the site, the services a page reads, the body's renderer and its budgets. */
export type PageDeps = Omit<PageHeadDeps, 'services'> & {
  /** The budget when the gateway asks for a link previewer or a search engine (`for=previewer`). */
  previewerBudgetMs: number;
  body?: PageRenderer | undefined;
  /** What a page may read: the head's services and more for the body (ads). */
  pageServices: PageHeadDeps['services'] & Partial<Record<string, ServiceClient>>;
  /** Services registered at run time (issue 35), for the API paths none of pageServices owns. */
  registered?: RegisteredLookup | undefined;
  /** Counts each page answer by what it held (issue 36): `renderer_pages_total{outcome}`. */
  pagesCounter?: { inc(labels: Record<'outcome' | 'for', string>): void } | undefined;
};

/**
 * `GET /internal/page?path=<path and query>` (the gateway only; it never routes /internal from outside): the page as two
 * JSON lines (contracts' page-head.ts). The head frame goes out as soon as the page's status and head are known — at
 * once for a page whose head needs no data, after the one read of its entity otherwise — and the body frame once the
 * body is rendered or its budget is spent, so the gateway sends the document's start (its styles, its head) while the
 * body is still being rendered. Anonymous content only — the gateway forwards no cookie — so a head-only answer may
 * be kept briefly (Cache-Control: public, max-age=30).
 */
export const pageOperations = operations<{ pages: PageDeps }>([
  {
    method: 'get', path: PAGE_STREAM_PATH, id: 'page', summary: 'A page\'s status, head and body for the gateway, streamed', auth: 'internal',
    query: z.object({ path: z.string().describe('The page\'s path with its query.'), for: z.enum(['previewer']).optional() }),
    responses: {
      200: {
        description: 'Two JSON lines: the head frame (PageHeadFrame: status, head, whether a body may follow) as soon as it is known, then the body frame (PageBodyFrame: the rendered body, or null).',
        content: { type: PAGE_STREAM_TYPE },
      },
    },
    errors: [400],
    handle: async (ctx, { pages }) => {
      const raw = ctx.query.path;
      const parsed = PageTargetSchema.safeParse(raw);
      if (!parsed.success) throw badRequest('path must be one page path with its query');
      const forWhom = ForWhomSchema.safeParse(ctx.query.for);
      if (!forWhom.success) throw badRequest("for must be 'previewer' or absent");
      const budgetMs = forWhom.data === 'previewer' ? pages.previewerBudgetMs : pages.budgetMs;
      // The head and the body (issue 20) in parallel, within one budget; a body not rendered in time is left out.
      const deadline = Date.now() + budgetMs;
      const siteSettings = siteSettingsOf(ctx.get(SITE_SETTINGS_HEADER));
      // One read of each service path for both: the head's entity is the body's query.
      const reads = pageReads(pages.pageServices);
      const readApi = apiReader(reads, pages.registered);
      // The first view's stylesheets go with the head (into the document's <head>): known once its remotes are loaded.
      let stylesKnown!: (styles: string[]) => void;
      const firstStyles = new Promise<string[]>((resolve) => (stylesKnown = resolve));
      const rendering = pages.body
        ?.render(parsed.data, deadline, siteSettings, readApi, stylesKnown, ctx.get(REMOTE_VERSIONS_HEADER) || undefined)
        .catch((err: unknown) => {
          pages.logger.error({ err, path: parsed.data }, 'page body: rendering failed: the browser renders it');
          return undefined;
        })
        .finally(() => stylesKnown([])); // not rendered: none (a no-op once known)
      const [head, styles] = await Promise.all([pageHead({ ...pages, budgetMs, services: reads, readApi }, parsed.data), rendering ? firstStyles : []]);
      // A head alone may be kept by the gateway (30 s). A page with its body is not: its data is what the browser shows
      // and keeps (it does not fetch it again), so a visitor who just posted must see it on the next page load; nor is
      // an answer that should have had a body (over the budget) or shows a remote's fallback. Nor is a generic head that
      // stood in for data not read in time: the next visitor's page asks again.
      ctx.set('Cache-Control', rendering || head.incomplete ? 'no-store' : 'public, max-age=30');
      const count = (outcome: 'head' | 'rendered' | 'body-over-budget' | 'head-incomplete') => pages.pagesCounter?.inc({ outcome, for: forWhom.data ?? 'person' });
      if (head.incomplete) count('head-incomplete');
      ctx.type = PAGE_STREAM_TYPE;
      const stream = new PassThrough();
      ctx.body = stream;
      const first = frame({ status: head.status, head: head.head, body: rendering !== undefined, styles: styles.filter((href) => STYLESHEET_PATH.test(href)) });
      if (!rendering) {
        if (!head.incomplete) count('head');
        stream.end(first); // a head alone: no body frame follows
        return;
      }
      stream.write(first);
      void rendering.then((body) => {
        if (!head.incomplete) count(body ? 'rendered' : 'body-over-budget');
        if (stream.destroyed) return; // the gateway stopped waiting
        stream.end(frame({ body: body ? { html: body.html, state: body.state, styles: body.styles.filter((href) => STYLESHEET_PATH.test(href)) } : null }));
      });
    },
  },
]);
