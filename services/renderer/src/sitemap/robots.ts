/**
 * Paths no crawler should index: the admin, a user's own pages, the API, and the account pages (the site's login and
 * registration page is /auth; /login and /register are kept for crawlers and links that guess them).
 */
export const DISALLOWED = ['/admin', '/my-listings', '/saved', '/api/', '/auth', '/login', '/register', '/forgot-password', '/reset-password', '/verify-email', '/newsletter/'] as const;

/** robots.txt: every crawler, the disallowed paths, and where the sitemap index is. */
export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
