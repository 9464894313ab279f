/**
 * A harness the whole test file shares: `start` runs before the file's first test and the harness closes after its
 * last. What it returns stands for the running harness, so tests and hooks use it as they would the harness itself
 * (`h.base`, `h.deps`); touched before the start (at the file's top level) it throws.
 */
export function harnessForFile<H extends { close(): Promise<void> }>(start: () => Promise<H>): H {
  let running: H | undefined;
  beforeAll(async () => {
    running = await start();
  });
  afterAll(async () => {
    await running?.close();
  });
  return new Proxy({} as H, {
    get(_, key) {
      if (!running) throw new Error(`the harness starts in beforeAll: read .${String(key)} in a test or a hook`);
      return Reflect.get(running, key, running) as unknown;
    },
    set(_, key, value) {
      if (!running) throw new Error(`the harness starts in beforeAll: set .${String(key)} in a test or a hook`);
      return Reflect.set(running, key, value, running);
    },
  });
}
