/**
 * Paths no crawler should index: the admin, a user's own pages (listings, saves, alerts), the API, the account pages (the
 * site's login and registration page is /auth; /login and /register are kept for crawlers and links that guess them)
 * the pages of a mail's one-time links (newsletter, renewing a listing, stopping reminders or an alert) and a person's
 * messages.
 */
export const DISALLOWED = ['/admin', '/my-listings', '/saved', '/alerts', '/api/', '/auth', '/login', '/register', '/forgot-password', '/reset-password', '/verify-email', '/newsletter/', '/renew-listing', '/reminders/', '/messages'] as const;

/** robots.txt: every crawler, the disallowed paths, and where the sitemap index is. */
export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
