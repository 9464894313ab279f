import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as reactRouter from 'react-router';
import * as shared from '../../packages/web-core/lib/react-router-client.ts';

const root = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Every value imported from 'react-router' by web code (type-only imports excluded). */
function importedNames(): Map<string, string> {
  const dirs = ['shell/src', 'packages/ui/lib', 'packages/web-core/lib', ...readdirSync(root).filter((d) => d.startsWith('mf-')).map((d) => `${d}/src`)];
  const names = new Map<string, string>();
  for (const file of dirs.flatMap((d) => sourceFiles(path.join(root, d)))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router'/g)) {
      if (match[1]) continue;
      for (const part of (match[2] ?? '').split(',')) {
        const name = part.trim();
        if (!name || name.startsWith('type ')) continue;
        names.set(name.split(/\s+as\s+/)[0] ?? name, path.relative(root, file));
      }
    }
    if (/import\s+\*\s+as\s+\w+\s+from\s+'react-router'/.test(text)) names.set('*', path.relative(root, file));
  }
  return names;
}

describe('the shared react-router (client subset)', () => {
  it('exports everything the web code imports from react-router', () => {
    const missing = [...importedNames()].filter(([name]) => name === '*' || !(name in shared)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('exports only names react-router still has', () => {
    const gone = Object.keys(shared).filter((name) => (reactRouter as Record<string, unknown>)[name] === undefined);
    expect(gone).toEqual([]);
  });
});
