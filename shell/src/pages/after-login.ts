/**
 * Where a login leads: `?next=` when a page sent the visitor here to log in (Message on a listing, /messages), if it is
 * a path of this site (one leading slash: never another origin, never /auth again); else home (spec §4).
 */
export function afterLoginPath(next: string | null): string {
  if (!next?.startsWith('/')) return '/';
  // Read as the browser would (it drops tabs and line breaks, takes \ for /): only a path of this origin is followed.
  const base = 'https://this-site.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return '/';
  }
  if (url.origin !== base || url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
