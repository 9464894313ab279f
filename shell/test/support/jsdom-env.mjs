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
        // jsdom's AbortSignal is not Node's, which Node's Request refuses: a Node signal that follows it takes its place
        // (a test can see a request aborted, as the header search's stale suggestions are).
        if (init?.signal && !(init.signal instanceof globalThis.AbortSignal)) {
          const page = init.signal;
          const node = new globalThis.AbortController();
          if (page.aborted) node.abort(page.reason);
          else page.addEventListener('abort', () => node.abort(page.reason), { once: true });
          init = { ...init, signal: node.signal };
        }
        super(typeof input === 'string' ? new URL(input, g.location.href).href : input, init);
      }
    };
    g.scrollTo = () => undefined;
  }
}

export default BrowserLikeEnvironment;
