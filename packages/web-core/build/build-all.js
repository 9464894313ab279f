// Production build of every web app: the shell and each remote (every top-level mf-* folder with a
// webpack.config.js), in one webpack run. A new remote adds itself by existing. Usage: npm run build:web
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';

const root = path.resolve(import.meta.dirname, '../../..');
const apps = ['shell', ...readdirSync(root).filter((dir) => dir.startsWith('mf-')).sort()].filter((dir) => existsSync(path.join(root, dir, 'webpack.config.js')));

const configs = [];
for (const app of apps) {
  const { default: factory } = await import(pathToFileURL(path.join(root, app, 'webpack.config.js')).href);
  // An app's factory answers its browser config, or [browser, server] (the server build for the renderer, issue 20).
  configs.push(...[typeof factory === 'function' ? factory({}, { mode: 'production' }) : factory].flat());
}

const started = Date.now();
webpack(configs, (error, stats) => {
  if (error) {
    console.error(error);
    process.exit(1);
  }
  for (const child of stats.stats) {
    const info = child.toJson({ all: false, errors: true, warnings: true, outputPath: true });
    const errors = info.errors ?? [];
    for (const e of errors) console.error(`${child.compilation.name}: ${e.message}`);
    for (const w of info.warnings ?? []) console.warn(`${child.compilation.name}: ${w.message}`);
    console.warn(`build:web ${child.compilation.name} → ${path.relative(root, info.outputPath)} ${errors.length ? 'FAILED' : 'ok'}`);
    // The stamp `npm start` reads to know the build is a production one and when it was made (infra/src/web.ts).
    if (!errors.length) writeFileSync(path.join(info.outputPath, '.build.json'), `${JSON.stringify({ mode: 'production', builtAt: new Date().toISOString() })}\n`);
  }
  console.warn(`build:web: ${apps.length} apps in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(stats.hasErrors() ? 1 : 0);
});
