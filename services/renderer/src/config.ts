import { z } from 'zod';
import { BaseServiceEnv, loadConfig, manifestPort, port, S3Env } from '@cp/service-kit';

/** A list of origins, comma separated (a service's replicas), as the gateway's `<NAME>_URL`s: at least one. */
const origins = () =>
  z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.url()).min(1, 'at least one URL'));

/**
 * The renderer reads the services' public GET endpoints (never their databases) and writes the link-preview images'
 * cache to S3. The kit's start still connects to MongoDB (MONGO_URL; the sitemaps' and preview images' leases) and NATS.
 */
export const RendererEnv = BaseServiceEnv.extend({
  ...S3Env.shape,
  PORT: port(manifestPort(import.meta.url)),
  MONGO_DB: z.string().default('renderer'),
  /** The site's public origin: canonical URLs, og:url, og:image, the sitemaps (never the request's Host). */
  PUBLIC_URL: z.url(),
  LISTINGS_URL: origins(),
  FORUM_URL: origins(),
  DIRECTORY_URL: origins(),
  SEARCH_URL: origins(),
  /** The ads service (the home page's carousel, server-rendered); without it that part renders in the browser. */
  ADS_URL: origins().optional(),
  /**
   * Server rendering of the pages' bodies (issue 20), on when both are set: WEB_ORIGIN is where the registry
   * (/mf/registry.json) and the remotes' server containers are read (the gateway, inside the network), and
   * SHELL_SERVER_BUNDLE the shell's server build (shell/dist/server/server.js). Off: heads only, the browser renders.
   */
  WEB_ORIGIN: z.url().optional(),
  SHELL_SERVER_BUNDLE: z.string().min(1).optional(),
  /** How often the registry and the remotes' server containers are checked for a new deployment (ms). */
  WEB_REGISTRY_TTL_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
  /** The bucket of the link-preview images' cache (created at the first write if missing). */
  S3_BUCKET_PREVIEWS: z.string().min(3).max(63).default('link-previews'),
  /** The site's name (og:site_name, the titles' suffix) and its default description (pages without their own). */
  SITE_NAME: z.string().min(1).max(100).default('Central PA Desi Community'),
  SITE_DESCRIPTION: z
    .string()
    .min(1)
    .max(300)
    .default('Classifieds, forum, business directory and Yellow Pages for the Indian community in Mechanicsburg, Harrisburg, Carlisle, Camp Hill and Enola.'),
  /** The whole budget of a page's data requests to the services, in milliseconds; past it the generic head answers. */
  PAGE_DATA_BUDGET_MS: z.coerce.number().int().min(20).max(5_000).default(250),
  /**
   * The same budget for a link previewer or a search engine (the gateway asks with `for=previewer`): they keep what they
   * read once and wait seconds, so a slow moment must not give them the generic head.
   */
  PREVIEWER_DATA_BUDGET_MS: z.coerce.number().int().min(20).max(10_000).default(2_500),
});

export type RendererConfig = z.infer<typeof RendererEnv>;

export function loadRendererConfig(env: NodeJS.ProcessEnv = process.env): RendererConfig {
  return loadConfig(RendererEnv, env);
}
