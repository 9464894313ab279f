import net from 'node:net';

/** A loopback TCP proxy to a server, whose open connections can be made to stop answering (a test's fault). */
export interface TcpProxy {
  port: number;
  /**
   * The connections open now stop carrying anything, either way, and stay open: what a client sees of a server that
   * vanished without closing its sockets. Connections made afterwards are forwarded as before.
   */
  silenceOpenConnections(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<{ client: net.Socket; upstream: net.Socket; silent: boolean }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream, silent: false };
    open.add(pair);
    client.on('data', (chunk) => pair.silent || upstream.write(chunk));
    upstream.on('data', (chunk) => pair.silent || client.write(chunk));
    const end = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    silenceOpenConnections() {
      for (const pair of open) pair.silent = true;
    },
    async close() {
      for (const pair of open) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
