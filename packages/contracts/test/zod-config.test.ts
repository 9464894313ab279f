/**
 * @jest-environment jsdom
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type * as Contracts from '../src/index.ts';
import type * as Zod from 'zod';

// In a browser zod must never try `new Function` (the site's CSP forbids eval: the check alone is a violation and a
// console error), so every schema module of @cp/contracts makes zod jitless before it builds a schema (zod-config.ts).
// This file runs in jsdom (a browser's globals); contracts.test.ts and the services' tests run in Node, where zod keeps
// its JIT.

/**
 * Loads zod and the contracts afresh with the Function constructor watched (zod reads the global `Function` when it
 * checks for eval and when it compiles); returns what was constructed. The caller restores `globalThis.Function`.
 */
function loadWatchingFunction(): { created: string[]; contracts: typeof Contracts; zod: typeof Zod } {
  const created: string[] = [];
  globalThis.Function = new Proxy(globalThis.Function, {
    construct(target, args: string[]) {
      created.push(args.join(', '));
      return Reflect.construct(target, args) as object;
    },
  });
  let loaded: { contracts: typeof Contracts; zod: typeof Zod } | undefined;
  jest.isolateModules(() => {
    loaded = { contracts: jest.requireActual('../src/index.ts'), zod: jest.requireActual('zod') };
  });
  return { created, ...loaded! };
}

// zod 4 keeps its configuration on globalThis, shared by every copy of zod in the page: each test starts without it.
beforeEach(() => void Reflect.deleteProperty(globalThis, '__zod_globalConfig'));

describe('zod in a browser', () => {
  it('runs jitless: building and parsing the contracts\' schemas never constructs a function', () => {
    const original = globalThis.Function;
    try {
      const { created, contracts, zod } = loadWatchingFunction();
      expect(zod.z.config().jitless).toBe(true);
      const listing = contracts.ListingInsertSchema.safeParse({ category: 'Buy & Sell', title: 'Sofa set for sale', description: 'Three seater sofa in very good condition.', location: 'Harrisburg PA', price: 200 });
      expect(listing.success).toBe(true);
      expect(contracts.ForumPostInsertSchema.safeParse({ category: 'General', title: 'Hello', content: 'Where is the best chai?' }).success).toBe(true);
      expect(contracts.RegisterFormSchema.safeParse({}).success).toBe(false);
      for (let i = 0; i < 5; i += 1) contracts.ContactMessageInsertSchema.safeParse({ name: 'Anil', email: 'anil@example.com', message: 'Hello there, a question.' });
      expect(created).toEqual([]);
    } finally {
      globalThis.Function = original;
    }
  });

  it('zod alone, not made jitless, checks eval at its first object schema: the watch sees it (so the test above can fail)', () => {
    const original = globalThis.Function;
    try {
      const created: string[] = [];
      globalThis.Function = new Proxy(original, {
        construct(target, args: string[]) {
          created.push(args.join(', '));
          return Reflect.construct(target, args) as object;
        },
      });
      jest.isolateModules(() => {
        const { z } = jest.requireActual<typeof Zod>('zod');
        expect(z.config().jitless).toBeUndefined();
        z.object({ n: z.number() }).parse({ n: 1 });
      });
      expect(created.length).toBeGreaterThan(0);
    } finally {
      globalThis.Function = original;
    }
  });
});

describe('every schema module of @cp/contracts', () => {
  it('imports zod-config.ts before anything else', () => {
    const src = path.join(__dirname, '..', 'src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && path.basename(f) !== 'zod-config.ts');
    const importsZod = files.filter((f) => /^import (?!type )[^;]*from 'zod';/m.test(readFileSync(path.join(src, f), 'utf8')));
    expect(importsZod.length).toBeGreaterThan(5);
    const missing = importsZod.filter((f) => {
      const first = readFileSync(path.join(src, f), 'utf8').split('\n').find((line) => line.startsWith('import '));
      return first !== `import '${f.includes(path.sep) ? '../' : './'}zod-config.ts';`;
    });
    expect(missing).toEqual([]);
  });
});
