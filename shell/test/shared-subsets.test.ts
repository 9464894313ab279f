import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as reduxToolkit from '@reduxjs/toolkit';
import * as reactRouter from 'react-router';
import * as sharedToolkit from '../../packages/web-core/lib/redux-toolkit-client.ts';
import * as sharedRouter from '../../packages/web-core/lib/react-router-client.ts';
import { webSourceFiles } from '../../packages/web-core/build/web-sources.js';

const root = path.resolve(__dirname, '../..');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Every value the files import from `pkg` (type-only imports excluded), by name → first file. */
function importedNames(files: string[], pkg: string): Map<string, string> {
  const names = new Map<string, string>();
  const named = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+['"]${escape(pkg)}['"]`, 'g');
  const star = new RegExp(`import\\s+\\*\\s+as\\s+\\w+\\s+from\\s+['"]${escape(pkg)}['"]`);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(named)) {
      if (match[1]) continue;
      for (const part of (match[2] ?? '').split(',')) {
        const name = part.trim();
        if (!name || name.startsWith('type ')) continue;
        names.set(name.split(/\s+as\s+/)[0] ?? name, path.relative(root, file));
      }
    }
    if (star.test(text)) names.set('*', path.relative(root, file));
  }
  return names;
}

const webFiles = webSourceFiles(root);

/** RTK Query's browser builds (bundled with web-core's base API) take these from the shared '@reduxjs/toolkit'. */
const rtkQueryFiles = ['dist/query/rtk-query.modern.mjs', 'dist/query/react/rtk-query-react.modern.mjs'].map((f) => require.resolve(`@reduxjs/toolkit/package.json`).replace('package.json', f));

const missingFrom = (shared: object, names: Map<string, string>) => [...names].filter(([name]) => name === '*' || !(name in shared)).map(([name, file]) => `${name} (${file})`);

describe('shared singletons shared as a subset (web-core/build/create-config.js SUBSETS)', () => {
  it('react-router: the subset exports everything the web code imports, and only names react-router has', () => {
    expect(missingFrom(sharedRouter, importedNames(webFiles, 'react-router'))).toEqual([]);
    expect(Object.keys(sharedRouter).filter((name) => (reactRouter as Record<string, unknown>)[name] === undefined)).toEqual([]);
  });

  it('@reduxjs/toolkit: the subset exports everything the web code and RTK Query import, and only names the toolkit has', () => {
    expect(missingFrom(sharedToolkit, importedNames(webFiles, '@reduxjs/toolkit'))).toEqual([]);
    const fromQuery = importedNames(rtkQueryFiles, '@reduxjs/toolkit');
    expect(fromQuery.size).toBeGreaterThan(10); // the pattern still finds RTK Query's imports
    expect(missingFrom(sharedToolkit, fromQuery)).toEqual([]);
    expect(Object.keys(sharedToolkit).filter((name) => (reduxToolkit as Record<string, unknown>)[name] === undefined)).toEqual([]);
  });
});
