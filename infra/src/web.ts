/**
 * The web apps in the local stack: which exist (shell + every mf-* folder with a webpack.config.js), whether their
 * production builds are current, and building them. `npm start` builds only when a build is missing, was made by the
 * watch mode (`npm run dev`), or is older than a source it depends on.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** `shell` and the remote folders, e.g. ['shell', 'mf-admin', 'mf-directory', 'mf-forum', 'mf-listings']. */
export function webApps(root: string): string[] {
  const remotes = readdirSync(root)
    .filter((d) => d.startsWith('mf-') && existsSync(path.join(root, d, 'webpack.config.js')))
    .sort();
  return existsSync(path.join(root, 'shell', 'webpack.config.js')) ? ['shell', ...remotes] : remotes;
}

/** The remotes as the gateway names them: `mf-forum` → `forum`. */
export const remoteKey = (folder: string) => folder.slice('mf-'.length).replace(/-/g, '_');

/** What every app's bundle is made of besides its own folder. */
const SHARED_SOURCES = ['packages/ui/lib', 'packages/ui/package.json', 'packages/web-core/lib', 'packages/web-core/build', 'packages/web-core/package.json', 'packages/contracts/src', 'packages/contracts/package.json'];
const APP_SOURCES = ['src', 'public', 'webpack.config.js', 'package.json'];

/** Newest modification time under a file or folder (node_modules, dist and test folders are not sources). */
function newestMtime(p: string): number {
  let info;
  try {
    info = statSync(p);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs; // a deleted file changes its folder
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'test' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

/** The stamp build-all.js / watch-all.js write into a finished build: `{ mode, builtAt }`. */
export interface BuildStamp {
  mode: 'production' | 'development';
  builtAt: string;
}

export function readStamp(root: string, app: string): BuildStamp | undefined {
  try {
    return JSON.parse(readFileSync(path.join(root, app, 'dist', '.build.json'), 'utf8')) as BuildStamp;
  } catch {
    return undefined;
  }
}

/** Why an app needs a production build, or undefined when its dist is current. */
export function staleReason(root: string, app: string): string | undefined {
  const dist = path.join(root, app, 'dist');
  const main = path.join(dist, app === 'shell' ? 'index.html' : 'mf-manifest.json');
  if (!existsSync(main)) return 'no build';
  const stamp = readStamp(root, app);
  if (!stamp) return 'build of unknown kind';
  if (stamp.mode !== 'production') return `${stamp.mode} build (npm run dev)`;
  const builtAt = statSync(path.join(dist, '.build.json')).mtimeMs;
  const sources = [...APP_SOURCES.map((s) => path.join(root, app, s)), ...SHARED_SOURCES.map((s) => path.join(root, s))];
  const newest = Math.max(...sources.map(newestMtime));
  return newest > builtAt ? 'sources changed since the build' : undefined;
}

/** Builds every web app (one webpack run) when any is stale; returns whether it built. Throws when the build fails. */
export function ensureWebBuild(root: string, log: (line: string) => void): boolean {
  const stale = webApps(root)
    .map((app) => [app, staleReason(root, app)] as const)
    .filter(([, reason]) => reason !== undefined);
  if (stale.length === 0) {
    log('web builds are current');
    return false;
  }
  log(`building the web apps (${stale.map(([app, reason]) => `${app}: ${reason}`).join('; ')}) ...`);
  const r = spawnSync(process.execPath, [path.join(root, 'packages/web-core/build/build-all.js')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`web build failed (exit ${r.status ?? r.signal}); run npm run build:web to see why`);
  return true;
}
