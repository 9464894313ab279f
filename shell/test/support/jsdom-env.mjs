// jsdom plus what a browser has and jsdom lacks: text codecs and the Fetch API (Node's), with relative URLs resolved
// against the page like in a browser. Use with a `@jest-environment ./shell/test/support/jsdom-env.mjs` docblock.
import { TestEnvironment } from 'jest-environment-jsdom';

class BrowserLikeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const g = this.global;
    for (const key of ['TextEncoder', 'TextDecoder', 'fetch', 'Response', 'Headers', 'ReadableStream', 'structuredClone']) g[key] ??= globalThis[key];
    const NodeRequest = globalThis.Request;
    g.Request = class PageRequest extends NodeRequest {
      constructor(input, init) {
        // jsdom's AbortSignal is not Node's: Node's Request refuses it. Tests do not abort requests, so it is dropped.
        if (init?.signal && !(init.signal instanceof globalThis.AbortSignal)) {
          const { signal: _signal, ...rest } = init;
          init = rest;
        }
        super(typeof input === 'string' ? new URL(input, g.location.href).href : input, init);
      }
    };
    g.scrollTo = () => undefined;
  }
}

export default BrowserLikeEnvironment;
