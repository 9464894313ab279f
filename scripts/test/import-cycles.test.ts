import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importCycles, importGraph } from '../import-graph/import-graph.ts';

const root = path.resolve(__dirname, '../..');

/** A small repository on disk: a workspace package with `exports`, an app and the imports under test. */
function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cp-import-graph-'));
  const all: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'fixture', workspaces: ['packages/*', 'app'] }),
    'packages/kit/package.json': JSON.stringify({ name: '@fx/kit', exports: { '.': './lib/index.ts', './part': './lib/part.tsx' } }),
    'app/package.json': JSON.stringify({ name: 'app' }),
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

function cyclesOf(files: Record<string, string>): string[][] {
  const dir = fixture(files);
  try {
    return importCycles(importGraph(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the import graph finds circles', () => {
  test('through a static import, a type-only import, a dynamic import() and a re-export', () => {
    expect(cyclesOf({ 'app/a.ts': "import { b } from './b.ts';\nexport const a = b;", 'app/b.ts': "import type { A } from './a.ts';\nexport const b = 1;" })).toEqual([['app/a.ts', 'app/b.ts', 'app/a.ts']]);
    expect(cyclesOf({ 'app/card.tsx': "const Dialog = lazy(() => import('./dialog.tsx'));\nexport const Rating = 1;", 'app/dialog.tsx': "import { Rating } from './card';\nexport default Rating;" })).toEqual([['app/card.tsx', 'app/dialog.tsx', 'app/card.tsx']]);
    expect(cyclesOf({ 'app/x.ts': "export * from './y.js';", 'app/y.ts': "import { z } from './x.ts';\nexport const y = z;" })).toEqual([['app/x.ts', 'app/y.ts', 'app/x.ts']]);
  });

  test("through a workspace package's own entries (its exports), over three files", () => {
    const cycles = cyclesOf({
      'packages/kit/lib/index.ts': "export { Part } from './part.tsx';\nexport const cn = 1;",
      'packages/kit/lib/part.tsx': "import { helper } from '@fx/kit/helper-less';\nconst Loaded = () => import('./loaded.tsx');\nexport const Part = 1;",
      'packages/kit/lib/loaded.tsx': "import { Part } from '@fx/kit/part';\nexport const Loaded = Part;",
    });
    expect(cycles).toEqual([['packages/kit/lib/loaded.tsx', 'packages/kit/lib/part.tsx', 'packages/kit/lib/loaded.tsx']]);
  });

  test('and none where the shared part has a module of its own; third-party packages are leaves', () => {
    expect(
      cyclesOf({
        'app/card.tsx': "import { Rating } from './rating.tsx';\nimport React from 'react';\nconst Dialog = () => import('./dialog.tsx');",
        'app/dialog.tsx': "import { Rating } from './rating.tsx';\nimport { cn } from '@fx/kit';",
        'app/rating.tsx': "import { Star } from 'lucide-react';\nexport const Rating = 1;",
        'packages/kit/lib/index.ts': 'export const cn = 1;',
      }),
    ).toEqual([]);
  });
});

describe("the repository's own source", () => {
  test('has no import circle (static, type-only, re-export or dynamic)', () => {
    const graph = importGraph(root);
    expect(graph.edges.size).toBeGreaterThan(500); // it read the tree
    expect(importCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});
