// Watch mode of every web app (the shell and each mf-* remote), for `npm run dev`: one webpack watcher in development
// mode that rebuilds into the same dist folders the gateway serves, so a reload shows a change.
// Differences from the production build: unhashed names (everything revalidated), no minification, source maps without
// eval (the gateway's Content-Security-Policy has no 'unsafe-eval'). Usage: node packages/web-core/build/watch-all.js
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';

const root = path.resolve(import.meta.dirname, '../../..');
const apps = ['shell', ...readdirSync(root).filter((dir) => dir.startsWith('mf-')).sort()].filter((dir) => existsSync(path.join(root, dir, 'webpack.config.js')));

const configs = [];
for (const app of apps) {
  const { default: factory } = await import(pathToFileURL(path.join(root, app, 'webpack.config.js')).href);
  const config = typeof factory === 'function' ? factory({}, { mode: 'development' }) : factory;
  configs.push({ ...config, devtool: 'cheap-module-source-map' });
}

const compiler = webpack(configs);
const watching = compiler.watch({ aggregateTimeout: 300, ignored: ['**/node_modules/**', '**/dist/**', '**/test/**'] }, (error, stats) => {
  if (error) {
    console.error(error);
    return;
  }
  for (const child of stats.stats) {
    const info = child.toJson({ all: false, errors: true, warnings: true, outputPath: true });
    const errors = info.errors ?? [];
    for (const e of errors) console.error(`${child.compilation.name}: ${e.message}`);
    if (!errors.length) writeFileSync(path.join(info.outputPath, '.build.json'), `${JSON.stringify({ mode: 'development', builtAt: new Date().toISOString() })}\n`);
    console.warn(`watch:web ${child.compilation.name} ${errors.length ? 'FAILED' : 'built'} in ${child.endTime - child.startTime} ms`);
  }
});
console.warn(`watch:web: watching ${apps.join(', ')} — reload the page after "built"`);

const stop = () => watching.close(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
