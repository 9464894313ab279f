import http from 'node:http';

export interface ControlServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A loopback HTTP server through which test workers ask the test setup's process to act on the stack it owns (stop and
 * start NATS, a remote's server): `POST <path>` runs `actions[path]` and answers 204 when it is done, 500 with the
 * error when it fails, 404 for anything else.
 */
export async function startControlServer(actions: Record<string, () => Promise<unknown>>): Promise<ControlServer> {
  const server = http.createServer((req, res) => {
    const action = req.method === 'POST' && req.url && Object.hasOwn(actions, req.url) ? actions[req.url] : undefined;
    if (!action) {
      res.writeHead(404).end();
      return;
    }
    action().then(
      () => res.writeHead(204).end(),
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
