/**
 * Generates `lib/class-merge-config.ts`: tailwind-merge's default configuration cut down to the class groups the web
 * code uses, so that `cn` (lib/utils.ts) does not ship the whole default configuration (5.5 of tailwind-merge's 8.3 KB
 * gzip) to every page.
 *
 * The groups kept are those that claim at least one class written anywhere in the web code (shell, remotes, @cp/ui,
 * web-core): every group that could compete for one of those classes in the full configuration competes in the cut
 * one too, so they resolve and conflict exactly as with the full one. test/class-merge.test.ts checks that the file is
 * what this script makes of the current code, and compares both merges on every pair of those classes.
 *
 *   node packages/ui/scripts/class-merge-config.ts          # rewrites lib/class-merge-config.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTailwindMerge, getDefaultConfig, twMerge, validators } from 'tailwind-merge';
import { webSourceFiles } from '../../web-core/build/web-sources.js';

type Definition = string | ((value: string) => boolean) | { [part: string]: Definition[] };
/** The default configuration, read as plain data. */
interface Config {
  cacheSize: number;
  theme: Record<string, Definition[]>;
  classGroups: Record<string, Definition[]>;
  conflictingClassGroups: Record<string, readonly string[] | undefined>;
  conflictingClassGroupModifiers: Record<string, readonly string[] | undefined>;
  orderSensitiveModifiers: readonly string[];
}
const defaultConfig = () => getDefaultConfig() as unknown as Config;

const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const CONFIG_FILE = path.join(repoRoot, 'packages/ui/lib/class-merge-config.ts');

/**
 * Every Tailwind class written in the web code: the words of its string and template literals that tailwind-merge
 * (full configuration) recognises as a class, with their variants (`hover:bg-accent`).
 */
export function webClassNames(): string[] {
  const classes = new Set<string>();
  for (const file of webSourceFiles(repoRoot)) {
    if (file === CONFIG_FILE) continue;
    const text = readFileSync(file, 'utf8');
    for (const literal of text.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      for (const word of (literal[1] ?? literal[2] ?? literal[3] ?? '').split(/[\s${}]+/)) {
        if (word && twMerge(`${word} ${word}`) === word) classes.add(word);
      }
    }
  }
  return [...classes].sort();
}

/** The utility of a class without its variants and important marker (`hover:!bg-accent` → `bg-accent`). */
const utilityOf = (className: string) => className.replace(/^(?:[^:[\]]+:|\[[^\]]*\]:)+/, '').replace(/^!|!$/g, '');

/** The default configuration's class groups that claim at least one of `classNames` (arbitrary properties claim none). */
export function usedClassGroups(classNames: readonly string[], config: Config = defaultConfig()): string[] {
  const utilities = [...new Set(classNames.map(utilityOf))].filter((u) => !u.startsWith('['));
  return Object.keys(config.classGroups).filter((id) => {
    const merge = createTailwindMerge(() => ({ ...config, classGroups: { [id]: config.classGroups[id]! }, conflictingClassGroups: {}, conflictingClassGroupModifiers: {} }) as unknown as ReturnType<typeof getDefaultConfig>);
    return utilities.some((u) => merge(`${u} ${u}`) === u);
  });
}

const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));

/** The theme key a `fromTheme(key)` getter reads. */
function themeKeyOf(getter: (theme: Record<string, unknown>) => unknown): string {
  let key: string | undefined;
  getter(new Proxy({}, { get: (_target, property) => ((key = String(property)), []) }));
  if (!key) throw new Error('a theme getter that reads no theme key');
  return key;
}

/** Source text of a definition; records the theme keys it reads. */
function emit(definition: Definition, themeKeys: Set<string>): string {
  if (typeof definition === 'string') return JSON.stringify(definition);
  if (typeof definition === 'function') {
    if ((definition as { isThemeGetter?: boolean }).isThemeGetter) {
      const key = themeKeyOf(definition as unknown as (theme: Record<string, unknown>) => unknown);
      themeKeys.add(key);
      return `fromTheme(${JSON.stringify(key)})`;
    }
    const name = validatorNames.get(definition);
    if (!name) throw new Error(`a validator that tailwind-merge does not export: ${definition.toString().slice(0, 80)}`);
    return `v.${name}`;
  }
  return `{ ${Object.entries(definition).map(([part, list]) => `${JSON.stringify(part)}: [${list.map((d) => emit(d, themeKeys)).join(', ')}]`).join(', ')} }`;
}

/** The source of lib/class-merge-config.ts for these class names. */
export function classMergeConfigSource(classNames: readonly string[]): string {
  const config = defaultConfig();
  const groups = usedClassGroups(classNames, config);
  const kept = new Set(groups);
  const themeKeys = new Set<string>();
  const classGroups = groups.map((id) => `    ${JSON.stringify(id)}: [${config.classGroups[id]!.map((d) => emit(d, themeKeys)).join(', ')}],`);
  const conflicts = (table: Record<string, readonly string[] | undefined>) =>
    Object.entries(table)
      .filter(([id]) => kept.has(id))
      .map(([id, others]) => [id, (others ?? []).filter((o) => kept.has(o))] as const)
      .filter(([, others]) => others.length > 0)
      .map(([id, others]) => `    ${JSON.stringify(id)}: ${JSON.stringify(others)},`);
  // Theme values may read other theme keys in turn: emit until no new key appears.
  const theme = new Map<string, string>();
  for (let added = true; added; ) {
    added = false;
    for (const key of [...themeKeys].sort()) {
      if (theme.has(key)) continue;
      theme.set(key, `    ${JSON.stringify(key)}: [${(config.theme[key] ?? []).map((d) => emit(d, themeKeys)).join(', ')}],`);
      added = true;
    }
  }
  return `// Generated by packages/ui/scripts/class-merge-config.ts from tailwind-merge's default configuration: the class
// groups the web code uses (${groups.length} of ${Object.keys(config.classGroups).length}). Do not edit; after using a kind of class that is new to the code, run
//   node packages/ui/scripts/class-merge-config.ts
// (test/class-merge.test.ts fails until then).
import { fromTheme, validators as v, type Config } from 'tailwind-merge';

export const classMergeConfig: Config<string, string> = {
  cacheSize: ${config.cacheSize},
  theme: {
${[...theme.keys()].sort().map((k) => theme.get(k)).join('\n')}
  },
  classGroups: {
${classGroups.join('\n')}
  },
  conflictingClassGroups: {
${conflicts(config.conflictingClassGroups).join('\n')}
  },
  conflictingClassGroupModifiers: {
${conflicts(config.conflictingClassGroupModifiers).join('\n')}
  },
  orderSensitiveModifiers: ${JSON.stringify(config.orderSensitiveModifiers)},
};
`;
}

if (import.meta.main) {
  const classNames = webClassNames();
  writeFileSync(CONFIG_FILE, classMergeConfigSource(classNames));
  console.log(`${path.relative(repoRoot, CONFIG_FILE)}: the class groups of ${classNames.length} classes`);
}
