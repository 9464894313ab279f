/**
 * A page's head as data (what each page builder decides) and its markup (what the gateway writes into index.html).
 * Every text is HTML-escaped; JSON-LD is JSON with `<`, `>`, `&`, U+2028 and U+2029 written as \uXXXX, so no value
 * can end the script element or open markup.
 */

export interface PageHead {
  status: 200 | 404 | 410;
  title: string;
  description: string;
  /** The page's path (and query, when it selects content) on PUBLIC_URL; absent for pages that are not indexed. */
  canonicalPath?: string;
  /** Private pages, not-found pages: `noindex`. */
  noindex?: boolean;
  ogType: 'website' | 'article' | 'business.business';
  /** A path on PUBLIC_URL of a 1200×630 JPEG (R3's /og/... images). */
  imagePath: string;
  jsonLd: Array<Record<string, unknown>>;
  /** The page's data could not be read in time: the generic head stands in, used once, never kept. */
  incomplete?: boolean;
}

export interface SiteInfo {
  publicUrl: string;
  siteName: string;
  siteDescription: string;
}

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;
export const SITE_IMAGE_PATH = '/og/site.jpg';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** JSON safe inside `<script>`: nothing in it can close the element or start a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The absolute URL of a path of the site (PUBLIC_URL's origin and base path; never the request's Host). */
export function absoluteUrl(site: SiteInfo, path: string): string {
  return new URL(path.replace(/^\/+/, ''), site.publicUrl.endsWith('/') ? site.publicUrl : `${site.publicUrl}/`).toString();
}

/** One line, control characters removed (a title or description from a service's data). */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
export const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();

export function renderHead(head: PageHead, site: SiteInfo): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const image = absoluteUrl(site, head.imagePath);
  const url = head.canonicalPath ? absoluteUrl(site, head.canonicalPath) : undefined;
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    ...(url ? [`<link rel="canonical" href="${escapeHtml(url)}" />`] : []),
    meta('property', 'og:site_name', site.siteName),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    ...(url ? [meta('property', 'og:url', url)] : []),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', String(OG_IMAGE_WIDTH)),
    meta('property', 'og:image:height', String(OG_IMAGE_HEIGHT)),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
    ...head.jsonLd.map((doc) => `<script type="application/ld+json">${scriptJson({ '@context': 'https://schema.org', ...doc })}</script>`),
  ];
  return lines.join('\n    ');
}
