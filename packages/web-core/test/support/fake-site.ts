/** An answer of a page test's fake site: its status and its body (sent as JSON; a string as it is). */
export type FakeAnswer = [status: number, body: unknown];

/**
 * Makes `globalThis.fetch` a page test's fake site: `answer` answers each request (given with its parsed URL) as JSON.
 * With `calls`, each request is logged there first as 'METHOD /path?query' (the list emptied now, for this render).
 */
export function fakeSite(answer: (request: Request, url: URL) => FakeAnswer | Promise<FakeAnswer>, calls?: string[]): void {
  if (calls) calls.length = 0;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    calls?.push(`${request.method} ${url.pathname}${url.search}`);
    const [status, body] = await answer(request, url);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}
