/**
 * A path is forwarded or served only if no upstream or folder could read it as another path: no `.`/`..` segments
 * (also percent-encoded), no encoded slash or backslash, no NUL, valid percent-encoding. Stops
 * `/api/listings/../../internal/...`. Used by the proxy's routing and by the web half's static server.
 */
export function isSafePath(path: string): boolean {
  if (!path.startsWith('/') || path.includes('\\')) return false;
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    if (decoded === '.' || decoded === '..' || decoded.includes('/') || decoded.includes('\\') || decoded.includes('\0')) return false;
  }
  return true;
}
