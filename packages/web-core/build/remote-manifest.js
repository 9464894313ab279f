// A remote's manifest, remote.json, as the web build reads it (issue 35 §1): its own webpack config and the shell's
// development registry take the remote's container name, public path and dev server port from it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A remote's container name, public path and dev server port come from its manifest, `remote.json` (issue 35: the
 * one declaration of the remote, which the local stack, the deployment files and the registry read too). A
 * webpack.config.js that still gives one of them must agree with it.
 */
export function fromRemoteManifest(options) {
  const file = path.join(options.appDir, 'remote.json');
  if (!existsSync(file)) throw new Error(`${options.appDir}: a remote needs its manifest, remote.json (see mf-messages/README.md)`);
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof manifest.name !== 'string' || !/^[a-z][a-z0-9_]{1,29}$/.test(manifest.name) || !Number.isInteger(manifest.devPort)) {
    throw new Error(`${file}: needs a name (lower case letters, digits and "_") and a devPort`);
  }
  const derived = { name: `mf_${manifest.name}`, publicPath: `/mf/${manifest.name}/`, devPort: manifest.devPort };
  for (const [key, value] of Object.entries(derived)) {
    if (options[key] !== undefined && options[key] !== value) throw new Error(`${options.appDir}/webpack.config.js: ${key} ${JSON.stringify(options[key])} disagrees with remote.json (${JSON.stringify(value)})`);
  }
  return { ...options, ...derived };
}

/**
 * The remotes of the development registry (the shell's dev server, `npm run dev -w shell`): every `mf-*` folder under
 * `root` with a remote.json, by its manifest — container name, entry under /mf/<name>/, its dev server (devPort) and
 * where its metadata is in its source. A new remote joins it by its own folder; nothing central lists it.
 * @param {string} root the repository's root
 * @returns {Array<{ name: string, entry: string, devServer: string, metadata: string }>}
 */
export function devRemotes(root) {
  return readdirSync(root)
    .filter((dir) => dir.startsWith('mf-') && existsSync(path.join(root, dir, 'remote.json')))
    .sort()
    .map((dir) => {
      const { name, publicPath, devPort } = fromRemoteManifest({ appDir: path.join(root, dir), kind: 'remote' });
      return { name, entry: `${publicPath}mf-manifest.json`, devServer: `http://127.0.0.1:${devPort}`, metadata: path.join(root, dir, 'src/exposes/metadata.json') };
    });
}
