import { readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Issue 25 §6: the product reference is in the repository. Every "§N" (and "§N Part", e.g. "§2 Listing detail") and
 * every "issue N" cited anywhere in the project has its heading in docs/product.md, and no file of the project points
 * outside the repository (a path to a sibling folder or to this machine's folders, a link or import that climbs out).
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PRODUCT = 'docs/product.md';

/** Folders that are not the project's own text: installed packages, builds, local data and tools, git itself. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.data', '.tools', '.git', 'coverage']);
const TEXT_EXTENSIONS = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.md', '.yml', '.yaml', '.sh', '.css', '.html', '.txt', '.example', '']);
const SKIPPED_FILES = new Set(['package-lock.json', '.git']);

function projectFiles(dir = ROOT): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...projectFiles(join(dir, entry.name)));
    } else if (entry.isFile() && TEXT_EXTENSIONS.has(extname(entry.name)) && !SKIPPED_FILES.has(entry.name)) {
      files.push(relative(ROOT, join(dir, entry.name)).split(sep).join('/'));
    }
  }
  return files;
}

interface Reference {
  /** Section number → the names of its parts (the "###" and "####" headings under "## N. …"). */
  sections: Map<number, string[]>;
  issues: Set<number>;
}

function readReference(text: string): Reference {
  const sections = new Map<number, string[]>();
  const issues = new Set<number>();
  let current: number | null = null;
  for (const line of text.split('\n')) {
    const section = /^## (\d+)\. /.exec(line);
    const issue = /^## Issue (\d+) — /.exec(line);
    const part = /^####? (.+)$/.exec(line);
    if (section) {
      current = Number(section[1]);
      sections.set(current, []);
    } else if (issue) {
      current = null;
      issues.add(Number(issue[1]));
    } else if (/^#{1,2} /.test(line)) {
      current = null;
    } else if (part && current !== null) {
      sections.get(current)!.push(part[1]!.trim());
    }
  }
  return { sections, issues };
}

interface Citation {
  file: string;
  line: number;
  text: string;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/**
 * "§N" citations of the product reference, with the words after them. A "§" that belongs to another document is not
 * one: "RFC 9110 §7.6.1", "issue 22 §3" (a point of that issue).
 */
function sectionCitations(file: string, text: string): Array<Citation & { section: string; after: string }> {
  const found: Array<Citation & { section: string; after: string }> = [];
  for (const match of text.matchAll(/§\s?(\d+(?:\.\d+)*)/g)) {
    const before = text.slice(Math.max(0, match.index - 24), match.index);
    if (/(?:\bRFC\s*\d+|\bissues?\s+#?\d+)[\s,]*$/i.test(before)) continue;
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 80).replace(/\s+/g, ' ');
    found.push({ file, line: lineOf(text, match.index), text: match[0], section: match[1]!, after });
  }
  return found;
}

/** "issue N", "Issue N", "issues 21 and 22", "issues 21, 22 and 26". */
function issueCitations(file: string, text: string): Array<Citation & { issue: number }> {
  const found: Array<Citation & { issue: number }> = [];
  for (const match of text.matchAll(/\bissues?\s+#?(\d+(?:(?:\s*,\s*|\s+and\s+|\s*&\s*)#?\d+)*)/gi)) {
    for (const n of match[1]!.match(/\d+/g)!) found.push({ file, line: lineOf(text, match.index), text: match[0], issue: Number(n) });
  }
  return found;
}

/** Whether the capitalised words after "§N " name one of its parts ("§2 Listing detail", "§2 Businesses and …"). */
function namesAPart(after: string, parts: string[]): boolean {
  const words = after.trimStart();
  return parts.some((part) => words.toLowerCase().startsWith(part.toLowerCase()));
}

const reference = readReference(readFileSync(join(ROOT, PRODUCT), 'utf8'));
// This file's own samples are not citations.
const SELF = relative(ROOT, fileURLToPath(import.meta.url)).split(sep).join('/');
const files = projectFiles().filter((file) => file !== PRODUCT && file !== SELF);
const texts = new Map(files.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));

describe('docs/product.md, the product reference (issue 25 §6)', () => {
  it('has the nine sections and a section per issue', () => {
    expect([...reference.sections.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(reference.issues.size).toBeGreaterThan(10);
  });

  it('has the section of every "§N" the project cites, and the part when one is named', () => {
    const unresolved: string[] = [];
    let cited = 0;
    for (const [file, text] of texts) {
      for (const c of sectionCitations(file, text)) {
        cited += 1;
        const parts = /^\d+$/.test(c.section) ? reference.sections.get(Number(c.section)) : undefined;
        const where = `${c.file}:${c.line} "${c.text}${c.after.slice(0, 30)}"`;
        if (!parts) unresolved.push(`${where}: no "## ${c.section}. …" in ${PRODUCT}`);
        else if (/^ ?[A-Z]/.test(c.after) && !namesAPart(c.after, parts)) {
          unresolved.push(`${where}: no part of §${c.section} named so (its parts: ${parts.join(', ')})`);
        }
      }
    }
    expect(unresolved).toEqual([]);
    expect(cited).toBeGreaterThan(100);
  });

  it('has the section of every "issue N" the project cites', () => {
    const unresolved: string[] = [];
    for (const [file, text] of texts) {
      for (const c of issueCitations(file, text)) {
        if (!reference.issues.has(c.issue)) unresolved.push(`${c.file}:${c.line} "${c.text}": no "## Issue ${c.issue} — …" in ${PRODUCT}`);
      }
    }
    expect(unresolved).toEqual([]);
  });

  it('sees citations where they are (the checks above can fail)', () => {
    const sample = 'Home counts (spec §2 Home; §9), RFC 9110 §7.6.1, issue 22 §3, issues 21 and 26, §5 Nowhere.';
    expect(sectionCitations('sample', sample).map((c) => c.section)).toEqual(['2', '9', '5']);
    expect(issueCitations('sample', sample).map((c) => c.issue)).toEqual([22, 21, 26]);
    expect(namesAPart(' Nowhere.', reference.sections.get(5)!)).toBe(false);
    expect(namesAPart(' Listing detail', reference.sections.get(2)!)).toBe(true);
  });
});

describe('no file of the project points outside the repository (issue 25 §6)', () => {
  // The product document that lived beside the repository, and this machine's folders. Spelled in pieces so that this
  // file does not hold what it looks for. (A relative path such as `../shared/env.ts` inside the repository is fine:
  // the next test resolves every relative link and import.)
  const outside = [new RegExp(`${'product'}-spec\\.md`), new RegExp(`(?<![\\w.~-])/(?:${['work', 'home', 'root', 'Users'].join('|')})/`)];

  it('names no folder beside the repository or of this machine', () => {
    const found: string[] = [];
    for (const [file, text] of texts) {
      text.split('\n').forEach((line, i) => {
        if (outside.some((pattern) => pattern.test(line))) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('has no link or import that climbs out of the repository', () => {
    const found: string[] = [];
    for (const [file, text] of texts) {
      const targets = [
        ...[...text.matchAll(/\]\((\.\.\/[^)\s#]*)/g)].map((m) => m[1]!), // Markdown links
        ...(file.endsWith('.md') ? [...text.matchAll(/`(\.\.\/[^`\s]*)`/g)].map((m) => m[1]!) : []), // paths named in Markdown
        ...[...text.matchAll(/(?:\bfrom\s+|\bimport\(\s*|\brequire\(\s*)['"](\.\.\/[^'"]*)['"]/g)].map((m) => m[1]!), // imports
        ...[...text.matchAll(/^\s*-\s+(\.\.\/\S*)\s*$/gm)].map((m) => m[1]!), // kustomization resources
      ];
      for (const target of targets) {
        const to = resolve(ROOT, dirname(file), target);
        if (to !== ROOT && !to.startsWith(ROOT + sep)) found.push(`${file}: ${target}`);
      }
    }
    expect(found).toEqual([]);
  });
});
