import http from 'node:http';

export interface BareServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The benchmarks' comparison: a bare node:http server (no framework) on a free loopback port, running `handle` for
 * each request (a failure answers 500). `onClose` runs after the server closed (e.g. its MongoDB client).
 */
export function listenBare(handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>, onClose?: () => Promise<void>): Promise<BareServer> {
  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      resolve({
        port: typeof addr === 'object' && addr ? addr.port : 0,
        close: async () => {
          server.closeAllConnections();
          await new Promise<void>((r) => server.close(() => r()));
          await onClose?.();
        },
      });
    });
  });
}
