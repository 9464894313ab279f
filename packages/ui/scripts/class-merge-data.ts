/**
 * Generates `lib/class-merge-data.ts`, the table with which `cn` (lib/class-merge.ts) merges classes without shipping
 * tailwind-merge to every page: for each kind of utility that the web code writes and that can reach cn (not the
 * className of an HTML element), its utilities and the other kinds it overrides.
 *
 * The kinds come from tailwind-merge itself with its full default configuration, asked about every pair of the code's
 * utilities (`u v` merges to `v` when v overrides u): two utilities are of one kind when every utility of the code
 * overrides both or neither of them and they override the same ones. That is tailwind-merge's class groups and
 * conflicting groups as seen by the code's classes (a group without a class in the code is left out, two groups that
 * no class of the code tells apart become one kind). test/class-merge.test.ts checks that the file is what this script
 * makes of the current code, and compares the two merges on every pair of the code's classes and random sequences.
 *
 *   node packages/ui/scripts/class-merge-data.ts          # rewrites lib/class-merge-data.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getDefaultConfig, twMerge } from 'tailwind-merge';
import ts from 'typescript';
import { webSourceFiles } from '../../web-core/build/web-sources.js';
import { parseClass } from '../lib/class-merge.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const DATA_FILE = path.join(repoRoot, 'packages/ui/lib/class-merge-data.ts');
export const REGENERATE = 'node packages/ui/scripts/class-merge-data.ts';

/**
 * The Tailwind classes of one source file that can reach `cn`: the words of its string and template literals that
 * tailwind-merge (full configuration) recognises as a class, with their variants (`hover:bg-accent`), except those of
 * the literals that are the className of an HTML element (`<div className="flex gap-2">`, also when chosen through
 * `?:`, `&&`, `||`, `??` or a template literal): React gives those to the DOM, never to cn. Everything else may reach
 * it (an argument of cn or cva, a component's className, a constant), so the table keeps it.
 */
export function cnClassNamesOf(fileName: string, text: string): Set<string> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const toTheDom = new Set<ts.Node>();
  const markToTheDom = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) toTheDom.add(node);
    else if (ts.isTemplateExpression(node)) {
      toTheDom.add(node.head);
      for (const span of node.templateSpans) {
        toTheDom.add(span.literal);
        markToTheDom(span.expression);
      }
    } else if ((ts.isJsxExpression(node) || ts.isParenthesizedExpression(node)) && node.expression) markToTheDom(node.expression);
    else if (ts.isConditionalExpression(node)) {
      markToTheDom(node.whenTrue);
      markToTheDom(node.whenFalse);
    } else if (ts.isBinaryExpression(node) && choosing.has(node.operatorToken.kind)) markToTheDom(node.right);
  };
  const classes = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isJsxAttribute(node) && node.name.getText(source) === 'className' && node.initializer) {
      // An HTML element's tag is a lower-case name; `<ui.Button>` (a property) is a component, like `<Button>`.
      const tag = node.parent.parent.tagName;
      if (ts.isIdentifier(tag) && /^[a-z]/.test(tag.text)) markToTheDom(node.initializer);
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) && !toTheDom.has(node)) {
      for (const word of node.text.split(/\s+/)) {
        if (word && twMerge(`${word} ${word}`) === word) classes.add(word);
      }
    }
    node.forEachChild(visit);
  };
  visit(source);
  return classes;
}
const choosing = new Set([ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken]);

/** The Tailwind classes of the web code (shell, remotes, @cp/ui, web-core) that can reach `cn`. */
export function cnClassNames(): string[] {
  const classes = new Set<string>();
  for (const file of webSourceFiles(repoRoot)) {
    if (file !== DATA_FILE) for (const c of cnClassNamesOf(file, readFileSync(file, 'utf8'))) classes.add(c);
  }
  return [...classes].sort();
}

/** A kind of utility: its utilities and the kinds (indices in the list) it overrides besides itself. */
interface Kind {
  utilities: string[];
  overrides: number[];
}

/** The kinds of the utilities of `classNames` that take part in a conflict, those overridden by others first. */
export function utilityKinds(classNames: readonly string[]): Kind[] {
  const utilities = [...new Set(classNames.map((c) => parseClass(c).utility))].sort();
  // overrides[v][u]: v, written after u, drops u.
  const overrides = utilities.map((v) =>
    utilities.map((u) => {
      if (u === v) return true;
      const merged = twMerge(`${u} ${v}`);
      if (merged !== v && merged !== `${u} ${v}`) throw new Error(`tailwind-merge merges "${u} ${v}" to "${merged}": not a drop of the first, nor both kept`);
      return merged === v;
    }),
  );
  const column = (u: number) => utilities.map((_, v) => (overrides[v]![u] ? 1 : 0)).join('');
  const row = (v: number) => overrides[v]!.map((x) => (x ? 1 : 0)).join('');
  const byKey = new Map<string, number[]>();
  utilities.forEach((_, i) => {
    const key = `${column(i)} ${row(i)}`;
    byKey.set(key, [...(byKey.get(key) ?? []), i]);
  });
  const groups = [...byKey.values()];
  const overridden = groups.map((members) => groups.flatMap((others, k) => (others !== members && overrides[members[0]!]![others[0]!] ? [k] : [])));
  const isOverridden = new Set(overridden.flat());
  // A kind alone in its conflicts (one utility, overriding and overridden by no other) needs no line: cn drops a class
  // equal to a later one without it.
  const listed = groups
    .map((members, k) => ({ members, k }))
    .filter(({ members, k }) => members.length > 1 || overridden[k]!.length > 0 || isOverridden.has(k))
    .sort((a, b) => Number(isOverridden.has(b.k)) - Number(isOverridden.has(a.k)) || utilities[a.members[0]!]!.localeCompare(utilities[b.members[0]!]!));
  const indexOf = new Map(listed.map(({ k }, index) => [k, index]));
  return listed.map(({ members, k }) => ({ utilities: members.map((i) => utilities[i]!), overrides: overridden[k]!.map((o) => indexOf.get(o)!) }));
}

/** The line of a kind: the common prefix of its utilities up to a dash (may be empty), then their rests. */
function line(kind: Kind): string {
  const common = kind.utilities.reduce((prefix, u) => {
    let i = 0;
    while (i < prefix.length && prefix[i] === u[i]) i++;
    return prefix.slice(0, i);
  });
  const prefix = common.slice(0, common.lastIndexOf('-') + 1);
  const rests = kind.utilities.map((u) => u.slice(prefix.length));
  if (rests.includes('')) throw new Error(`a utility equal to its line's prefix "${prefix}"`);
  const others = kind.overrides.map((o) => {
    if (o > 126 - 48) throw new Error('more than 79 kinds are overridden by others: class-merge.ts needs a wider encoding of a kind');
    return String.fromCharCode(48 + o);
  });
  return `${prefix} ${rests.sort(byNumber.compare).join(' ')}${others.length ? `\t${others.join('')}` : ''}`;
}
const byNumber = new Intl.Collator('en', { numeric: true });

/** The source of lib/class-merge-data.ts for these class names. */
export function classMergeDataSource(classNames: readonly string[]): string {
  const kinds = utilityKinds(classNames);
  // Only the order-sensitive variants the code writes: for the others, not sorting across them changes no merge.
  const variants = new Set(classNames.flatMap((c) => parseClass(c).modifiers));
  const sensitive = getDefaultConfig().orderSensitiveModifiers.filter((m) => variants.has(m));
  return `// Generated by packages/ui/scripts/class-merge-data.ts with tailwind-merge's default configuration from the ${classNames.length}
// Tailwind classes of the web code that can reach cn. Do not edit; after writing a class that is new to the code, run
//   ${REGENERATE}
// (test/class-merge.test.ts fails until then). How cn reads it: lib/class-merge.ts.

/** The ${kinds.reduce((n, k) => n + k.utilities.length, 0)} utilities of the code that override or are overridden by another, in ${kinds.length} kinds. */
export const CLASS_GROUPS = ${JSON.stringify(kinds.map(line).join('\n'))};

/** tailwind-merge's order-sensitive variants that the code writes: the other variants are not sorted across them. */
export const ORDER_SENSITIVE_MODIFIERS = ${JSON.stringify(sensitive.join(' '))};
`;
}

if (import.meta.main) {
  const classNames = cnClassNames();
  writeFileSync(DATA_FILE, classMergeDataSource(classNames));
  console.log(`${path.relative(repoRoot, DATA_FILE)}: the kinds of the utilities of ${classNames.length} classes`);
}
