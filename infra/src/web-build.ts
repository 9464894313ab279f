import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The web apps `npm run build:web` builds: the shell and every top-level mf-* folder with a webpack config. */
export function webApps(root: string): string[] {
  return ['shell', ...readdirSync(root).filter((dir) => dir.startsWith('mf-')).sort()].filter((dir) => existsSync(path.join(root, dir, 'webpack.config.js')));
}

/** Newest modification time under `target` (a file or a folder, node_modules and dist skipped); 0 when missing. */
function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    latest = Math.max(latest, newest(path.join(target, entry.name)));
  }
  return latest;
}

/** What every app's build reads besides its own folder. */
const SHARED_INPUTS = ['packages/ui/lib', 'packages/ui/package.json', 'packages/web-core/lib', 'packages/web-core/build', 'packages/web-core/package.json', 'packages/contracts/src', 'package-lock.json'];
/** What an app's build reads in its own folder (its tests, scripts and README do not count). */
const APP_INPUTS = ['src', 'public', 'package.json', 'webpack.config.js'];

/**
 * Why the builds must be (re)made, or null when every app's dist is newer than its sources and the shared web
 * packages. The build writes `mf-manifest.json` last-ish; it is the marker (the shell also needs index.html).
 */
export function staleWebBuild(root: string): string | null {
  const shared = Math.max(...SHARED_INPUTS.map((p) => newest(path.join(root, p))));
  for (const app of webApps(root)) {
    const markers = [path.join(root, app, 'dist/mf-manifest.json'), ...(app === 'shell' ? [path.join(root, app, 'dist/index.html')] : [])];
    if (markers.some((m) => !existsSync(m))) return `${app}/dist is missing`;
    const built = Math.min(...markers.map((m) => statSync(m).mtimeMs));
    const sources = Math.max(shared, ...APP_INPUTS.map((p) => newest(path.join(root, app, p))));
    if (sources > built) return `${app} changed since its last build`;
  }
  return null;
}

/** Runs `npm run build:web` (the same script, with this Node), bounded in time. */
export function buildWeb(root: string, log: (line: string) => void, timeoutMs = 300_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'packages/web-core/build/build-all.js')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      for (const line of output.split('\n').filter((l) => l.startsWith('build:web'))) log(line);
      if (code === 0) resolve();
      else reject(new Error(`npm run build:web failed (${signal ?? `exit ${code}`}):\n${output.slice(-4000)}`));
    });
  });
}
