import http from 'node:http';

export interface ControlServer {
  url: string;
  close(): Promise<void>;
}

/** An action of the control server: gets the request's query; what it returns (if anything) is answered as JSON. */
export type ControlAction = (query: URLSearchParams) => Promise<unknown>;

/**
 * A loopback HTTP server through which test workers ask the test setup's process to act on the stack it owns (start a
 * fault test's NATS, stop a remote's server): `POST <path>?<query>` runs `actions[path]` and answers 200 with its result
 * as JSON (204 when it returns nothing) once it is done, 500 with the error when it fails, 404 for anything else.
 */
export async function startControlServer(actions: Record<string, ControlAction>): Promise<ControlServer> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    const action = req.method === 'POST' && Object.hasOwn(actions, url.pathname) ? actions[url.pathname] : undefined;
    if (!action) {
      res.writeHead(404).end();
      return;
    }
    action(url.searchParams).then(
      (result) => (result === undefined ? res.writeHead(204).end() : res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result))),
      (err: unknown) => res.writeHead(500).end(String(err)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
