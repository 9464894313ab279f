/**
 * What a page's JavaScript is made of (issue 3 §7): each served file's bytes attributed, through the source map the
 * gateway serves next to it, to the package or file they come from, then grouped into the stack the design requires
 * (React, Module Federation, Redux Toolkit, react-router) and the project's own code (shell, remotes, @cp/ui, web-core
 * and the libraries they chose). Each group is gzip-compressed alone (level 9), so the groups add up to slightly more
 * than the files compressed whole. Used by the bench (home-page.ts) and the budget guard (e2e/home-budget.test.ts).
 */
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

/** The groups of the required stack, by npm package name; webpack's own runtime belongs with Module Federation. */
export const STACK_GROUPS = {
  'react + react-dom': ['react', 'react-dom', 'scheduler'],
  'Module Federation runtime + webpack runtime': ['@module-federation/*', '.federation', 'webpack'],
  'redux-toolkit + RTK Query + react-redux': ['@reduxjs/toolkit', 'redux', 'redux-thunk', 'immer', 'reselect', '@standard-schema/utils', 'react-redux', 'use-sync-external-store'],
  'react-router': ['react-router', 'cookie', 'set-cookie-parser'],
} as const satisfies Record<string, readonly string[]>;

export type StackGroup = keyof typeof STACK_GROUPS;
export const OWN_CODE = 'our code' as const;
export type ShareGroup = StackGroup | typeof OWN_CODE;
const STACK_GROUP_NAMES = Object.keys(STACK_GROUPS) as StackGroup[];
/** Every group, the stack's first. */
export const SHARE_GROUPS: readonly ShareGroup[] = [...STACK_GROUP_NAMES, OWN_CODE];

export interface JavaScriptShare {
  /** gzip bytes of each group, compressed alone. */
  gzip: Record<ShareGroup, number>;
  /** The required stack's groups together, compressed alone. */
  stackGzip: number;
}

/**
 * Where a source of a webpack source map comes from: the npm package (`react-dom`, `@module-federation/sdk`),
 * `webpack` for webpack's generated runtime, or undefined for the project's own files.
 */
export function sourcePackage(source: string): string | undefined {
  // The innermost node_modules: a nested copy belongs to its own package.
  const inModules = /(?:^|.*\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
  if (inModules) return inModules[1];
  const path = source.replace(/^webpack:\/\/[^/]*\//, '');
  if (/^webpack\/|^external /.test(path)) return 'webpack';
  return undefined;
}

/** The group a package belongs to (see STACK_GROUPS); the project's own code otherwise. */
export function groupOf(pkg: string | undefined): ShareGroup {
  if (pkg === undefined) return OWN_CODE;
  for (const [group, packages] of Object.entries(STACK_GROUPS) as Array<[StackGroup, readonly string[]]>) {
    if (packages.some((p) => (p.endsWith('/*') ? pkg.startsWith(p.slice(0, -1)) : p === pkg))) return group;
  }
  return OWN_CODE;
}

/**
 * The generated code of `code` split by group, following `map`. A mapping owns the generated text up to the next
 * mapping on its line; text no mapping covers (webpack's glue between modules) counts as the project's own code, so
 * the stack's share is never overstated.
 */
export function splitByGroup(code: string, map: RawSourceMap): Record<ShareGroup, string> {
  const parts = Object.fromEntries(SHARE_GROUPS.map((g) => [g, [] as string[]])) as Record<ShareGroup, string[]>;
  const lines = code.split('\n');
  const byLine = new Map<number, Array<{ column: number; group: ShareGroup }>>();
  new SourceMapConsumer(map).eachMapping((m) => {
    const group = m.source ? groupOf(sourcePackage(m.source)) : OWN_CODE;
    const list = byLine.get(m.generatedLine) ?? [];
    list.push({ column: m.generatedColumn, group });
    byLine.set(m.generatedLine, list);
  });
  lines.forEach((line, index) => {
    const mappings = (byLine.get(index + 1) ?? []).sort((a, b) => a.column - b.column);
    const first = mappings[0]?.column ?? line.length;
    if (first > 0) parts[OWN_CODE].push(line.slice(0, first));
    mappings.forEach((m, i) => parts[m.group].push(line.slice(m.column, mappings[i + 1]?.column ?? line.length)));
  });
  return Object.fromEntries(Object.entries(parts).map(([g, texts]) => [g, texts.join('')])) as Record<ShareGroup, string>;
}

/**
 * A served JavaScript file and the source map it names in its `sourceMappingURL` comment, fetched next to it; the code
 * without that comment.
 */
async function fetchWithSourceMap(url: string): Promise<{ code: string; map: RawSourceMap }> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const text = await response.text();
  const name = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text)?.[1];
  if (!name) throw new Error(`${url} names no source map`);
  const mapResponse = await fetch(new URL(name, url));
  if (!mapResponse.ok) throw new Error(`${url}: its source map answered ${mapResponse.status}`);
  return { code: text.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, ''), map: (await mapResponse.json()) as RawSourceMap };
}

/** The npm packages the JavaScript files at `urls` contain code of, by their source maps. */
export async function packagesIn(urls: string[]): Promise<Set<string>> {
  const packages = new Set<string>();
  for (const url of urls) {
    const { map } = await fetchWithSourceMap(url);
    for (const source of map.sources) {
      const pkg = sourcePackage(source);
      if (pkg && pkg !== 'webpack') packages.add(pkg);
    }
  }
  return packages;
}

/** The sources (as their source maps name them) the JavaScript files at `urls` are made of. */
export async function sourcesIn(urls: string[]): Promise<Set<string>> {
  const sources = new Set<string>();
  for (const url of urls) for (const source of (await fetchWithSourceMap(url)).map.sources) sources.add(source);
  return sources;
}

/**
 * Splits the JavaScript files at `urls` into the required stack and our code (see the file comment). Like the page's
 * total, each file is compressed on its own: a group's figure is the sum over the files of its part of each file.
 */
export async function javascriptShare(urls: string[]): Promise<JavaScriptShare> {
  const gzip = (text: string) => (text ? gzipSync(text, { level: 9 }).length : 0);
  const share: JavaScriptShare = { gzip: Object.fromEntries(SHARE_GROUPS.map((g) => [g, 0])) as Record<ShareGroup, number>, stackGzip: 0 };
  for (const url of urls) {
    const { code, map } = await fetchWithSourceMap(url);
    const parts = splitByGroup(code, map);
    for (const group of SHARE_GROUPS) share.gzip[group] += gzip(parts[group]);
    share.stackGzip += gzip(STACK_GROUP_NAMES.map((g) => parts[g]).join(''));
  }
  return share;
}

/**
 * The home page's JavaScript budget, decided (brief, "Page weight"): the first view loads at most 190 KB gzip, of which
 * our own code at most 40 KB (the required stack takes most of the rest). The bench prints against it; the browser guard
 * (e2e/home-budget.test.ts) holds it.
 */
export const HOME_JS_BUDGET_KB = 190;
export const OWN_CODE_BUDGET_KB = 40;

