/**
 * What a team adds to the site's shared checks from its own folder (issue 35: a new team touches only its folders).
 * A deployable's folder (a service's `services/<name>`, a remote's `mf-<name>`) may hold `e2e/checks.ts`, exporting
 * `checks: TeamChecks`: its service's hostile-input corpus entry, and the calls that cover its part of the OpenAPI
 * document. The shared tests (hostile-input.test.ts, openapi.test.ts) load every team's, found through the manifests
 * (infra/src/deployables.ts), and fail for a service that brings none: a new service is fuzzed and its documented GETs
 * are called like everyone else's, without an edit to a file of theirs.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { discoverDeployables } from '../../infra/src/deployables.ts';
import { repoRoot } from '../../infra/src/paths.ts';
import type { Corpus } from './hostile/types.ts';

/** One GET of the OpenAPI check: a path (with its query) and the session of who asks (signed out without). */
export interface ApiCall {
  path: string;
  /** cp_session of who asks. */
  token?: string;
}

export interface TeamChecks {
  /** Hostile-input corpus entries (support/hostile/types.ts), by the name of the service they cover. */
  hostile?: Record<string, Corpus>;
  /**
   * The GETs that cover the team's part of the OpenAPI document, on records it makes for them (through the services
   * directly, e2e/support/site.ts); `cleanup` removes what other test files would count.
   */
  openapi?: () => Promise<{ calls: ApiCall[]; cleanup?: () => Promise<void> }>;
}

/** The file a team's checks are in, relative to its folder. */
export const TEAM_CHECKS_FILE = 'e2e/checks.ts';

/** Every team's checks, by the folder they came from. */
export async function teamChecks(): Promise<Array<{ folder: string; checks: TeamChecks }>> {
  const root = repoRoot();
  const { services, remotes } = discoverDeployables(root);
  const found: Array<{ folder: string; checks: TeamChecks }> = [];
  for (const { folder } of [...services, ...remotes]) {
    const file = path.join(root, folder, TEAM_CHECKS_FILE);
    if (!existsSync(file)) continue;
    const mod = (await import(file)) as { checks?: TeamChecks };
    if (!mod.checks) throw new Error(`${folder}/${TEAM_CHECKS_FILE}: exports no \`checks\``);
    found.push({ folder, checks: mod.checks });
  }
  return found;
}
