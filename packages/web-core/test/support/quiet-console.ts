/**
 * Opt-in, per test file (or per `describe`): `console.error` and `console.warn` (or only the ones named) are silenced
 * in each test — the page tests whose fake API answers errors on purpose, which RTK Query and React log — and every
 * mock is restored after each test (`jest.restoreAllMocks()`). A test that wants to see what was logged spies again
 * (`jest.spyOn(console, 'error')`) and reads the calls.
 */
export function quietConsole(...methods: Array<'error' | 'warn'>): void {
  beforeEach(() => {
    for (const method of methods.length ? methods : (['error', 'warn'] as const)) jest.spyOn(console, method).mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());
}
