/**
 * The import graph of the repository's own source (TypeScript and JavaScript of the web apps, the packages, the
 * services, infra, the scripts and the browser tests), and its circles. Every import counts: static, type-only,
 * re-exports and dynamic `import()` (a lazily loaded module that imports back its loader is still a circle a reader has
 * to untangle). Specifiers are resolved as the builds do: relative paths (with or without the extension), and the
 * workspace packages' own names through their `exports` (`@cp/ui/select` → packages/ui/lib/components/select.tsx).
 * Third-party packages are leaves and not followed. `scripts/test/import-cycles.test.ts` keeps the graph free of
 * circles.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.git', '.tools', 'test-results']);

/** The folders whose code is ours: every workspace and the top-level scripts and browser tests. */
function sourceRoots(root: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  const dirs = new Set<string>();
  for (const pattern of pkg.workspaces) {
    if (pattern.endsWith('/*')) {
      const parent = path.join(root, pattern.slice(0, -2));
      for (const name of readdirSync(parent)) if (existsSync(path.join(parent, name, 'package.json'))) dirs.add(path.join(parent, name));
    } else if (pattern.endsWith('*')) {
      const prefix = pattern.slice(0, -1);
      for (const name of readdirSync(root)) if (name.startsWith(prefix) && existsSync(path.join(root, name, 'package.json'))) dirs.add(path.join(root, name));
    } else dirs.add(path.join(root, pattern));
  }
  for (const extra of ['scripts', 'e2e']) if (existsSync(path.join(root, extra))) dirs.add(path.join(root, extra));
  return [...dirs];
}

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
}

/** The workspace packages by name, with the files their `exports` name (`'.'` and each subpath). */
function workspaceExports(roots: string[]): Map<string, Map<string, string>> {
  const packages = new Map<string, Map<string, string>>();
  for (const dir of roots) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; exports?: Record<string, unknown> | string; main?: string };
    if (!pkg.name) continue;
    const entries = new Map<string, string>();
    const exportsField = typeof pkg.exports === 'string' ? { '.': pkg.exports } : (pkg.exports ?? (pkg.main ? { '.': pkg.main } : {}));
    for (const [subpath, target] of Object.entries(exportsField)) {
      const t = typeof target === 'string' ? target : ((target as Record<string, unknown> | null)?.['import'] ?? (target as Record<string, unknown> | null)?.['default']);
      if (typeof t === 'string' && SOURCE.test(t)) entries.set(subpath, path.join(dir, t));
    }
    packages.set(pkg.name, entries);
  }
  return packages;
}

const CANDIDATE_SUFFIXES = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

function resolveRelative(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  for (const suffix of CANDIDATE_SUFFIXES) {
    const candidate = base + suffix;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // `./x.js` naming the TypeScript source `./x.ts`
  if (/\.js$/.test(base)) for (const ext of ['.ts', '.tsx']) if (existsSync(base.replace(/\.js$/, ext))) return base.replace(/\.js$/, ext);
  return undefined;
}

export interface ImportGraph {
  /** Each source file (relative to the root, `/`-separated) and the source files it imports. */
  edges: Map<string, Set<string>>;
}

export function importGraph(root: string): ImportGraph {
  const roots = sourceRoots(root);
  const files: string[] = [];
  for (const dir of roots) walk(dir, files);
  const packages = workspaceExports(roots);
  const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const edges = new Map<string, Set<string>>();
  for (const file of new Set(files)) {
    const targets = new Set<string>();
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      let target: string | undefined;
      if (specifier.startsWith('.')) target = resolveRelative(file, specifier);
      else {
        const parts = specifier.split('/');
        const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
        const entries = packages.get(name);
        if (entries) target = entries.get(specifier === name ? '.' : `./${specifier.slice(name.length + 1)}`);
      }
      if (target && target !== file) targets.add(rel(target));
      else if (target === file) targets.add(rel(file));
    }
    edges.set(rel(file), targets);
  }
  return { edges };
}

/**
 * The circles of a graph: its strongly connected components of more than one file (and files that import
 * themselves), each as one of its cycles, starting from its first file in name order.
 */
export function importCycles({ edges }: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  const nodes = [...edges.keys()].sort();
  // Tarjan's algorithm, iterative (deep import chains would overflow the call stack).
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: { node: string; next: Iterator<string> }[] = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: [...(edges.get(node) ?? [])].sort()[Symbol.iterator]() });
    };
    open(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const step = top.next.next();
      if (!step.done) {
        const to = step.value;
        if (!edges.has(to)) continue;
        if (!index.has(to)) open(to);
        else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        if (component.length > 1 || edges.get(top.node)?.has(top.node)) components.push(component.sort());
      }
    }
  }
  return components.map((component) => cycleWithin(edges, component)).sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** One cycle through a component's first file: the shortest path back to it (breadth first), inside the component. */
function cycleWithin(edges: Map<string, Set<string>>, component: string[]): string[] {
  const inside = new Set(component);
  const first = component[0]!;
  const previous = new Map<string, string>();
  const queue = [first];
  for (let i = 0; i < queue.length; i += 1) {
    const node = queue[i]!;
    for (const to of [...(edges.get(node) ?? [])].sort()) {
      if (!inside.has(to)) continue;
      if (to === first) {
        const path: string[] = [node];
        while (path[0] !== first) path.unshift(previous.get(path[0]!)!);
        return [...path, first];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [first, first];
}
