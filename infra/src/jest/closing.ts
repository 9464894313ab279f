/** Something a test starts and must close: a harness or client (close()), a stand-in service or relay (stop()), or the closing itself. */
export type Closable = { close(): unknown } | { stop(): unknown } | (() => unknown);

/** Keeps what is started and returns it; closes it all, last started first, in the given jest hook. */
function closingIn(hook: (fn: () => Promise<void>) => void): <T extends Closable>(thing: T) => T {
  const started: Closable[] = [];
  hook(async () => {
    let failure: unknown;
    for (const thing of started.splice(0).reverse()) {
      try {
        if (typeof thing === 'function') await thing();
        else if ('close' in thing) await thing.close();
        else await thing.stop();
      } catch (err) {
        failure ??= err;
      }
    }
    if (failure !== undefined) throw failure;
  });
  return (thing) => {
    started.push(thing);
    return thing;
  };
}

/**
 * Closes what a test file started, after its last test, the last started first (the gateway before the services
 * behind it), so the file does not list everything it started a second time in an afterAll of its own. Call it at the
 * file's top level; `closing(x)` returns x, to keep as started (`gateway = closing(await startTestGateway(env))`).
 * Every close runs even when one before it fails; the first failure is thrown after.
 */
export function closeAfterAll(): <T extends Closable>(thing: T) => T {
  return closingIn(afterAll);
}

/**
 * closeAfterAll for what one test starts: closed when that test ends, passed or failed, instead of a try/finally
 * around the test's body. Call it in the describe (or file) whose tests use it.
 */
export function closeAfterEach(): <T extends Closable>(thing: T) => T {
  return closingIn(afterEach);
}
