// The source files of the web code under `root` (the repository): the shell, every remote (each top-level mf-* folder),
// @cp/ui and web-core. For the checks that read all of it: shell/test/shared-subsets.test.ts (what the code imports
// from a shared subset) and packages/ui/scripts/class-merge-data.ts (the Tailwind classes the code writes).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every .ts and .tsx file under `dir`, without node_modules and dist. */
function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** @param {string} root the repository's folder @returns {string[]} */
export function webSourceFiles(root) {
  const remotes = readdirSync(root).filter((dir) => dir.startsWith('mf-'));
  return ['shell/src', 'packages/ui/lib', 'packages/web-core/lib', ...remotes.map((dir) => `${dir}/src`)].flatMap((dir) => sourceFiles(path.join(root, dir)));
}
