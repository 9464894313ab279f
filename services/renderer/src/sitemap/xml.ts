/** XML text and attribute escaping: the five characters with a meaning in XML. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/** A W3C datetime (the sitemaps.org `lastmod`) in UTC to the second: `2026-11-26T07:41:55Z`. */
export function w3cDatetime(at: string | Date): string {
  return new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface SitemapUrl {
  loc: string;
  lastmod: string | Date;
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const entries = (tag: 'url' | 'sitemap', items: readonly SitemapUrl[]) =>
  items.map((u) => `<${tag}><loc>${escapeXml(u.loc)}</loc><lastmod>${w3cDatetime(u.lastmod)}</lastmod></${tag}>\n`).join('');

/** A sitemap file (sitemaps.org `urlset`). */
export function urlset(urls: readonly SitemapUrl[]): string {
  return `${HEAD}<urlset xmlns="${NS}">\n${entries('url', urls)}</urlset>\n`;
}

/** A sitemap index (sitemaps.org `sitemapindex`). */
export function sitemapIndex(sitemaps: readonly SitemapUrl[]): string {
  return `${HEAD}<sitemapindex xmlns="${NS}">\n${entries('sitemap', sitemaps)}</sitemapindex>\n`;
}
