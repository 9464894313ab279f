/**
 * The shell's development registry (`npm run dev -w shell`) is derived from the remotes' manifests (issue 35 §1): every
 * `mf-*` folder with a remote.json, nothing listed by hand. A new team's remote joins it by its own folder.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { devRemotes } from '../../packages/web-core/build/remote-manifest.js';

const REPO = path.resolve(__dirname, '..', '..');

test("the repository's remotes, each from its remote.json: container, entry, dev server and metadata", () => {
  const remotes = devRemotes(REPO);
  const folders = readdirSync(REPO).filter((d) => d.startsWith('mf-')).sort();
  expect(remotes.map((r) => r.name)).toEqual(folders.map((f) => `mf_${f.slice(3).replace(/-/g, '_')}`));
  expect(remotes.find((r) => r.name === 'mf_listings')).toEqual({
    name: 'mf_listings',
    entry: '/mf/listings/mf-manifest.json',
    devServer: 'http://127.0.0.1:3001',
    metadata: path.join(REPO, 'mf-listings', 'src/exposes/metadata.json'),
  });
});

test("a new team's remote joins by its folder; a folder without remote.json is not a remote; a bad manifest names its file", () => {
  const root = mkdtempSync(path.join(tmpdir(), 'dev-registry-'));
  try {
    mkdirSync(path.join(root, 'mf-events'));
    writeFileSync(path.join(root, 'mf-events', 'remote.json'), JSON.stringify({ name: 'events', kind: 'remote', description: 'events', port: 3106, devPort: 3006 }));
    mkdirSync(path.join(root, 'mf-notes'));
    expect(devRemotes(root)).toEqual([{ name: 'mf_events', entry: '/mf/events/mf-manifest.json', devServer: 'http://127.0.0.1:3006', metadata: path.join(root, 'mf-events', 'src/exposes/metadata.json') }]);
    writeFileSync(path.join(root, 'mf-notes', 'remote.json'), JSON.stringify({ name: 'Notes!', kind: 'remote' }));
    expect(() => devRemotes(root)).toThrow(`${path.join(root, 'mf-notes', 'remote.json')}: needs a name`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
