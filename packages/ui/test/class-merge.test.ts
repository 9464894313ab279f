import { readFileSync } from 'node:fs';
import { createTailwindMerge, twMerge } from 'tailwind-merge';
import { classMergeConfig } from '../lib/class-merge-config.ts';
import { cn } from '../lib/utils.ts';
import { CONFIG_FILE, classMergeConfigSource, webClassNames } from '../scripts/class-merge-config.ts';

/**
 * `cn` merges with a cut-down tailwind-merge configuration (lib/class-merge-config.ts, generated from the default one
 * and the classes the web code uses). It must merge those classes exactly as the full default configuration does.
 */
const classNames = webClassNames();
const merge = createTailwindMerge(() => classMergeConfig);

/** The variants of a class (`md:hover:px-2` → `md:hover:`): only classes with the same variants can conflict. */
const variantsOf = (className: string) => className.slice(0, className.length - className.replace(/^(?:[^:[\]]+:|\[[^\]]*\]:)+/, '').length);

describe('cn: tailwind-merge cut down to the class groups of the web code', () => {
  it('the configuration is the one the script makes of the current code (else run node packages/ui/scripts/class-merge-config.ts)', () => {
    expect(classNames.length).toBeGreaterThan(300); // the scan still finds the code's classes
    expect(readFileSync(CONFIG_FILE, 'utf8')).toBe(classMergeConfigSource(classNames));
  });

  it('merges every pair of the code\'s classes as the full default configuration does', () => {
    const byVariants = new Map<string, string[]>();
    for (const c of classNames) byVariants.set(variantsOf(c), [...(byVariants.get(variantsOf(c)) ?? []), c]);
    const differences: string[] = [];
    let pairs = 0;
    for (const group of byVariants.values()) {
      for (const a of group) {
        for (const b of group) {
          pairs += 1;
          const expected = twMerge(`${a} ${b}`);
          const actual = merge(`${a} ${b}`);
          if (actual !== expected) differences.push(`"${a} ${b}": ${actual} (full: ${expected})`);
        }
      }
    }
    expect(pairs).toBeGreaterThan(10_000);
    expect(differences).toEqual([]);
  });

  it('overrides a class of the same kind, keeps the others', () => {
    expect(cn('px-4 py-2 text-sm', 'px-2')).toBe('py-2 text-sm px-2');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('px-2', 'p-4')).toBe('p-4');
    expect(cn('text-sm text-muted-foreground', 'text-primary')).toBe('text-sm text-primary');
    expect(cn('bg-primary hover:bg-primary/90', 'bg-destructive')).toBe('hover:bg-primary/90 bg-destructive');
    expect(cn('h-10 w-full', false, undefined, 'h-12')).toBe('w-full h-12');
  });
});
