import type Koa from 'koa';
import { addCounter, createApp, operationsRouter, mongoReadiness, s3ObjectStore, s3OptionsFrom, type MetricsRegistry, type ObjectStore, type RegistryWatch, type ServiceAppInput } from '@cp/service-kit';
import { registeredServices } from './registered.ts';
import { remotePagesReader } from './remote-pages.ts';
import type { RendererConfig } from './config.ts';
import { loadPageRenderer } from './pages/body.ts';
import { rendererApi } from './api.ts';
import { previewContext } from './preview-images/api.ts';
import { sitemaps } from './sitemap/api.ts';
import { serviceClient, type ServiceClient } from './upstream.ts';

/** The kit's app input, without `auth`: the renderer serves anonymous pages only. */
export interface RendererAppInput extends Omit<ServiceAppInput, 'auth'> {
  config: RendererConfig;
  /** The preview images' cache; default the S3 bucket S3_BUCKET_PREVIEWS. */
  previewStore?: ObjectStore;
  /** The run-time registry (issue 35): pages read the data of services that registered themselves from them. */
  registry?: RegistryWatch;
  /** Its metrics' registry (main: the kit's): page answers by outcome, budget misses among them. */
  metrics?: MetricsRegistry;
}

/** The services whose public GET endpoints the renderer reads (anonymous: no visitor's cookie is ever forwarded). */
export interface RendererServices {
  listings: ServiceClient;
  forum: ServiceClient;
  directory: ServiceClient;
  search: ServiceClient;
}

export function rendererServices(config: RendererConfig): RendererServices {
  return {
    listings: serviceClient('listings', config.LISTINGS_URL),
    forum: serviceClient('forum', config.FORUM_URL),
    directory: serviceClient('directory', config.DIRECTORY_URL),
    search: serviceClient('search', config.SEARCH_URL),
  };
}

/**
 * Builds the renderer: the pages' heads and statuses (src/pages), robots.txt and the sitemaps (src/sitemap), the
 * link-preview images (src/preview-images). Used by main and by tests; `close` stops what it started.
 */
export async function buildRendererApp(input: RendererAppInput): Promise<{ app: Koa; services: RendererServices; close: () => Promise<void> }> {
  const services = rendererServices(input.config);
  const app = createApp({ name: 'renderer', logger: input.logger, readiness: [mongoReadiness(input.conn), ...(input.readiness ?? [])] });
  const closers: Array<() => Promise<void> | void> = [];
  const site = { publicUrl: input.config.PUBLIC_URL, siteName: input.config.SITE_NAME, siteDescription: input.config.SITE_DESCRIPTION };
  const { WEB_ORIGIN, SHELL_SERVER_BUNDLE } = input.config;
  // What a page's body may read (its head reads listings, forum and directory of these).
  const pageServices = { ...services, ...(input.config.ADS_URL ? { ads: serviceClient('ads', input.config.ADS_URL) } : {}) };
  const body =
    WEB_ORIGIN && SHELL_SERVER_BUNDLE
      ? loadPageRenderer({
          bundle: SHELL_SERVER_BUNDLE,
          siteOrigin: WEB_ORIGIN,
          registryTtlMs: input.config.WEB_REGISTRY_TTL_MS,
          services: pageServices,
          logger: input.logger,
        })
      : undefined;
  const registered = input.registry ? registeredServices(input.registry) : undefined;
  // The pages the remotes declare (issue 35), from the site's registry: heads and the static sitemap.
  const remotePages = WEB_ORIGIN ? remotePagesReader({ webOrigin: WEB_ORIGIN, ttlMs: input.config.WEB_REGISTRY_TTL_MS, logger: input.logger }) : undefined;
  const pagesCounter = input.metrics
    ? addCounter(input.metrics, { name: 'renderer_pages_total', help: 'Page answers by what they held: a head alone, a rendered body, a body over its budget, a head whose data was not read in time', labelNames: ['outcome', 'for'] })
    : undefined;
  const store = input.previewStore ?? s3ObjectStore(s3OptionsFrom(input.config, input.config.S3_BUCKET_PREVIEWS));
  const router = operationsRouter(rendererApi, {
    pages: { site, pageServices, registered, remotePages, body, budgetMs: input.config.PAGE_DATA_BUDGET_MS, previewerBudgetMs: input.config.PREVIEWER_DATA_BUDGET_MS, logger: input.logger, pagesCounter },
    sitemaps: sitemaps({ publicUrl: input.config.PUBLIC_URL, logger: input.logger, search: services.search, now: input.now ?? (() => new Date()), remotePages }),
    previews: previewContext({ config: input.config, logger: input.logger, store }),
  });
  app.use(router.routes()).use(router.allowedMethods());
  return {
    app,
    services,
    async close() {
      for (const c of closers.reverse()) await c();
    },
  };
}
