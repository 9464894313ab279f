import type { Logger } from '@cp/service-kit';
import type { ServiceClient } from '../upstream.ts';
import type { RemotePagesReader } from '../remote-pages.ts';

/** What the robots.txt and sitemap routes need. */
export interface SitemapDeps {
  /** The site's public origin (PUBLIC_URL): every URL named, never the request's Host. */
  publicUrl: string;
  logger: Logger;
  /** The search service (SEARCH_URL's replicas): its internal sitemap routes hold every public document. */
  search: ServiceClient;
  /** The clock: the static pages' lastmod is when the routes were built (the deploy). */
  now: () => Date;
  /** URLs per sitemap file: at most 50,000 (the sitemaps.org limit, the default); tests use a tiny one. */
  pageSize?: number;
  /** How long one sitemap waits for search before answering 503 (default 5 s: crawlers wait, pages do not ask). */
  timeoutMs?: number;
  /** The pages the deployed remotes declare (issue 35): those to index join the static sitemap. */
  remotePages?: RemotePagesReader | undefined;
}
