/**
 * The versions of the remotes a visitor is served (issue 35 §4), as the gateway tells the renderer. No imports at all
 * (no zod): the shell's server bundle reads it as well as the gateway (`@cp/contracts/remote-versions`).
 */

/**
 * The header the gateway tells the renderer, with a page's request, which version of each remote with a release this
 * visitor is served (`forum=v2,listings=v1`). The gateway sets it itself; a client's is never forwarded.
 */
export const REMOTE_VERSIONS_HEADER = 'x-cp-remote-versions';

/** `forum=v2,listings=v1` → Map; malformed parts are skipped. */
export function parseRemoteVersions(value: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (value ?? '').split(',')) {
    const m = /^\s*([a-z][a-z0-9_]{1,29})=([A-Za-z0-9][A-Za-z0-9._+-]{0,79})\s*$/.exec(part);
    if (m) out.set(m[1]!, m[2]!);
  }
  return out;
}
