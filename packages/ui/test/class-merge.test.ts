import { readFileSync } from 'node:fs';
import { twMerge } from 'tailwind-merge';
import { mergeClasses, parseClass } from '../lib/class-merge.ts';
import { cn } from '../lib/utils.ts';
import { DATA_FILE, REGENERATE, classMergeDataSource, cnClassNames, cnClassNamesOf } from '../scripts/class-merge-data.ts';

/**
 * `cn` merges with tailwind-merge's algorithm and a table of the classes the web code writes (lib/class-merge-data.ts,
 * generated with tailwind-merge's full default configuration). It must merge those classes exactly as tailwind-merge
 * does, with any variants and important markers.
 */
const classNames = cnClassNames();
const variants = [...new Set(classNames.flatMap((c) => parseClass(c).modifiers))];
const utilities = [...new Set(classNames.map((c) => parseClass(c).utility))];

/** Pseudo-random numbers in [0, 1) from a fixed seed (mulberry32): the same sequences on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('cn: tailwind-merge\'s merge with a table of the web code\'s classes', () => {
  it('the table is the one the script makes of the current code', () => {
    expect(classNames.length).toBeGreaterThan(200); // the scan still finds the code's classes
    if (readFileSync(DATA_FILE, 'utf8') !== classMergeDataSource(classNames)) {
      throw new Error(`packages/ui/lib/class-merge-data.ts is not the table of the classes the web code writes now (a class new to the code?): run ${REGENERATE}`);
    }
  });

  it('reads the classes that can reach cn: all but the className of an HTML element', () => {
    const source = `
      const base = 'ml-7';
      export const Example = ({ open, x }) => (
        <div className="flex gap-7">
          <Button className="px-7" variant="ghost" />
          <span className={open ? 'mt-7' : \`mb-7 \${x && 'pl-7'}\`} />
          <p className={cn('pt-7', open && 'pb-7')} />
          <ui.Card className="pr-7" />
        </div>
      );`;
    expect([...cnClassNamesOf('example.tsx', source)].sort()).toEqual(['ml-7', 'pb-7', 'pr-7', 'pt-7', 'px-7']);
  });

  it('a class new to the code makes the table out of date, also one that conflicts with nothing', () => {
    const table = classMergeDataSource(classNames);
    for (const added of ['md:px-7', 'tabular-nums']) {
      expect(classNames).not.toContain(added);
      expect(classMergeDataSource([...classNames, added].sort())).not.toBe(table);
    }
  });

  it('merges every pair of the code\'s classes, in both orders, as tailwind-merge does', () => {
    const differences: string[] = [];
    let pairs = 0;
    for (const a of classNames) {
      for (const b of classNames) {
        pairs += 1;
        const expected = twMerge(`${a} ${b}`);
        const actual = mergeClasses(`${a} ${b}`);
        if (actual !== expected) differences.push(`"${a} ${b}": ${actual} (tailwind-merge: ${expected})`);
      }
    }
    expect(pairs).toBeGreaterThan(40_000);
    expect(differences.slice(0, 20)).toEqual([]);
  });

  it('merges random sequences of the code\'s utilities under the code\'s variants, in any order, with or without !, as tailwind-merge does', () => {
    const random = seeded(20);
    const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    // A class of the code, or one of its utilities under 0-3 of its variants in any order, important or not.
    const someClass = () => {
      if (random() < 0.4) return pick(classNames);
      const chain = Array.from({ length: Math.floor(random() * 4) }, () => `${pick(variants)}:`).join('');
      const utility = pick(utilities);
      const important = random();
      return chain + (important < 0.1 ? `!${utility}` : important < 0.2 ? `${utility}!` : utility);
    };
    const differences: string[] = [];
    for (let n = 0; n < 20_000; n++) {
      const classes = Array.from({ length: 2 + Math.floor(random() * 9) }, someClass);
      // Words that are no Tailwind class, once each: they stay where they are.
      if (random() < 0.3) classes.splice(Math.floor(random() * classes.length), 0, 'group');
      if (random() < 0.3) classes.splice(Math.floor(random() * classes.length), 0, 'listing-card');
      const list = classes.join(random() < 0.1 ? '  ' : ' ');
      const expected = twMerge(list);
      const actual = mergeClasses(list);
      if (actual !== expected) differences.push(`"${list}": ${actual} (tailwind-merge: ${expected})`);
    }
    expect(differences.slice(0, 20)).toEqual([]);
  });

  it('overrides a class of the same kind, keeps the others', () => {
    expect(cn('px-4 py-2 text-sm', 'px-2')).toBe('py-2 text-sm px-2');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('px-2', 'p-4')).toBe('p-4');
    expect(cn('text-sm text-muted-foreground', 'text-primary')).toBe('text-sm text-primary');
    expect(cn('bg-primary hover:bg-primary/90', 'bg-destructive')).toBe('hover:bg-primary/90 bg-destructive');
    expect(cn('h-10 w-full', false, undefined, 'h-12')).toBe('w-full h-12');
    expect(cn('w-[calc(100%-2rem)]', 'w-full')).toBe('w-full');
    expect(cn('hover:md:bg-muted', 'md:hover:bg-primary')).toBe('md:hover:bg-primary');
    expect(cn('data-[state=active]:bg-background', 'data-[state=active]:bg-muted')).toBe('data-[state=active]:bg-muted');
    expect(cn('px-2!', 'px-4')).toBe('px-2! px-4');
    expect(cn('  px-2 ', '', ' px-4  ')).toBe('px-4');
    expect(cn()).toBe('');
  });

  it('keeps a class that is no Tailwind class of the code, once (tailwind-merge would keep a repeat too)', () => {
    expect(cn('group flex', 'listing-card', 'group')).toBe('flex listing-card group');
    expect(cn('px-13 px-2')).toBe('px-13 px-2'); // not written in the code, so Tailwind makes no CSS for it
  });
});
