import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository root: the nearest folder upwards whose package.json declares workspaces. */
export function repoRoot(start = process.cwd()): string {
  let dir = path.resolve(start);
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { workspaces?: unknown }).workspaces) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('repository root not found (no package.json with workspaces above the working directory)');
    dir = up;
  }
}

/** Downloaded tools (the MongoDB binary, the wine prefix): `.tools/`, gitignored, shared by every profile. */
export const toolsDir = (root = repoRoot()) => path.join(root, '.tools');
/** The variables that move a test profile's ports; a run that sets one also gets a data folder of its own. */
const PORT_BASE_VARIABLE: Record<string, string> = { test: 'CP_TEST_PORT_BASE', e2e: 'CP_E2E_PORT_BASE' };

/**
 * A profile's data and logs: `.data/<name>/`, gitignored. A test profile whose ports were moved (CP_TEST_PORT_BASE,
 * CP_E2E_PORT_BASE) uses `.data/<name>-<base>/`, so two runs in one working tree never wipe each other's data.
 */
export function profileDir(name: string, root = repoRoot()): string {
  const variable = PORT_BASE_VARIABLE[name];
  const base = variable ? process.env[variable]?.trim() : undefined;
  return path.join(root, '.data', base ? `${name}-${base}` : name);
}
