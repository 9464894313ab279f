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
/** A profile's data and logs: `.data/<name>/`, gitignored. */
export const profileDir = (name: string, root = repoRoot()) => path.join(root, '.data', name);
