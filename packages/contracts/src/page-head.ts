import './zod-config.ts';
import { z } from 'zod';

/**
 * A page as the renderer gives it to the gateway (issue 20): `GET /internal/page?path=<path and query>` answers a
 * stream of two JSON lines (`application/x-ndjson`), so the gateway can send the start of the document while the body
 * is still being rendered:
 *   1. the head frame, as soon as the page's status and `<head>` markup are known (title, description, canonical,
 *      robots, Open Graph, Twitter card, JSON-LD; the gateway writes it into the shell's index.html in place of its
 *      default title and description), and whether a body may follow;
 *   2. the body frame: the page rendered on the server, or null when it could not be within the page's budget (the
 *      browser then renders the page itself).
 * Anonymous content only.
 */
export const PAGE_HEAD_MAX_CHARS = 64 * 1024;
/** A stylesheet of the site's own: a same-origin path under /mf/, no query, nothing to escape. */
export const STYLESHEET_PATH = /^\/mf\/[A-Za-z0-9._~/-]+\.css$/;
/** The page's path on the renderer, and the type of its answer. */
export const PAGE_STREAM_PATH = '/internal/page';
export const PAGE_STREAM_TYPE = 'application/x-ndjson';

/** The stylesheets of the remotes a page's markup uses (same-origin paths). */
const PageStylesSchema = z.array(z.string().regex(STYLESHEET_PATH)).max(20).default([]);

/** The server-rendered body of a page (the markup inside `#root`) and the state the browser hydrates it with. */
export const PAGE_BODY_MAX_CHARS = 2 * 1024 * 1024;
export const PageBodySchema = z.object({
  /** Goes inside `<div id="root">`. */
  html: z.string().max(PAGE_BODY_MAX_CHARS),
  /** JSON, already escaped for a `<script type="application/json">`, beside the root. */
  state: z.string().max(PAGE_BODY_MAX_CHARS),
  /** The remotes' stylesheets the markup needs (same-origin paths). */
  styles: PageStylesSchema,
});
export type PageBody = z.infer<typeof PageBodySchema>;

/**
 * The stream's first line. `body`: whether a body frame with markup may follow (the renderer renders bodies). `styles`:
 * the first view's remote stylesheets, known once its remotes are loaded, so they go into the document's `<head>`
 * with the head (the body frame's may add ones a later part needed).
 */
export const PageHeadFrameSchema = z.object({
  status: z.union([z.literal(200), z.literal(404), z.literal(410)]),
  head: z.string().max(PAGE_HEAD_MAX_CHARS),
  body: z.boolean(),
  styles: PageStylesSchema,
});
export type PageHeadFrame = z.infer<typeof PageHeadFrameSchema>;

/** The stream's second and last line. */
export const PageBodyFrameSchema = z.object({ body: PageBodySchema.nullable() });
export type PageBodyFrame = z.infer<typeof PageBodyFrameSchema>;

/** A whole page as the gateway keeps it once both frames are in: its status, head and (when rendered) body. */
export const PageAnswerSchema = PageHeadFrameSchema.omit({ body: true, styles: true }).extend({ body: PageBodySchema.optional() });
export type PageAnswer = z.infer<typeof PageAnswerSchema>;

/**
 * The shell's server bundle (shell/dist/server/server.js, built from shell/src/server.tsx), as the renderer loads it.
 * `createPageRenderer` once per process; `render` per page, anonymous: no visitor's cookie is ever involved.
 */
export interface PageRendererOptions {
  /** Where the registry (/mf/registry.json) and the remotes' server containers are read: the site's internal origin. */
  siteOrigin: string;
  /** How often the registry and the remotes' server containers are checked for a new deployment. */
  registryTtlMs: number;
  /** GETs of the site's API (`/api/...` and its query) for the page's data; the renderer routes them to the services. */
  fetchApi: (path: string, signal: AbortSignal) => Promise<Response>;
  log: (level: 'info' | 'warn' | 'error', message: string, data?: Record<string, unknown>) => void;
}
export interface RenderedBody {
  html: string;
  state: string;
  /** The stylesheets of the remotes the markup was rendered with (their browser builds'), same-origin paths. */
  styles: string[];
  /** Exposed modules that failed (their fallback is in the markup; the browser tries them again). */
  failedModules: string[];
}
export interface PageRenderer {
  /**
   * The page at `url` (path and query), or undefined when it could not be rendered before `deadline` (epoch ms).
   * `siteSettings`: the operator's settings as the gateway writes them into the page (JSON), read by the components as
   * in the browser (contracts' site-settings.ts `SERVER_SITE_SETTINGS`). `fetchApi`: this page's reads, instead of
   * the options' (the renderer shares them with the page's head, so each is asked of its service once).
   */
  render(
    url: string,
    deadline: number,
    siteSettings?: string,
    fetchApi?: PageRendererOptions['fetchApi'],
    /** Called once the first view's remotes are loaded, with their stylesheets, before the page's data is read. */
    onStyles?: (styles: string[]) => void,
    /**
     * The versions of the remotes with a release this page's visitor is served (REMOTE_VERSIONS_HEADER, issue 35 §4):
     * a remote of which the renderer loaded another version is left to the browser (rendered as its fallback).
     */
    remoteVersions?: string,
  ): Promise<RenderedBody | undefined>;
}

/** The header the gateway sends the renderer its site settings in (base64url of their JSON). */
export const SITE_SETTINGS_HEADER = 'x-site-settings';
export interface PageRendererModule {
  createPageRenderer(options: PageRendererOptions): PageRenderer;
}
