import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';

/**
 * Keeps one bad request from ending the process (issue 16).
 *
 * Every connection of a guarded server runs in an async scope of its own: the scope is entered when the connection
 * arrives, before Node creates the connection's HTTP parser, so everything a request sets off (the parser's `data`
 * events, stream handlers, timers, promises) runs inside it. An exception nobody caught is then attributed to its
 * connection: that request alone gets a JSON 500 (or its connection is closed when the answer had already started)
 * and the process keeps serving. An exception or an unhandled promise rejection outside every connection (start-up,
 * a lost listen socket, a consumer loop) is a real fault: it is logged and the process exits with code 1, so that the
 * supervisor or Kubernetes starts it again.
 */
interface ConnectionScope {
  socket: Socket;
  /** The answer in progress on this connection (one at a time: HTTP/1.1 answers are in order). */
  res?: http.ServerResponse | undefined;
}

const connectionScope = new AsyncLocalStorage<ConnectionScope>();

/** The JSON error answer written straight to a socket, for requests Koa never saw (header overflow, bad framing). */
function rawJsonAnswer(status: number, error: string): string {
  const body = JSON.stringify({ error });
  return [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Node's parser errors, as the JSON answer the site gives everywhere (Node's own answer is a bare status line). */
export function clientErrorAnswer(code: string | undefined): { status: number; error: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, error: 'Request headers too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'HPE_HEADERS_TIMEOUT':
      return { status: 408, error: 'Request timed out' };
    default:
      return { status: 400, error: 'Malformed HTTP request' };
  }
}

/**
 * Puts a server's connections in their own scopes (see above) and answers the requests Node's parser refuses with
 * JSON. A listen socket that fails after start is fatal: the process exits for its supervisor to restart it.
 */
export function guardServer(server: http.Server, logger: Logger): void {
  server.prependListener('connection', (socket: Socket) => {
    connectionScope.enterWith({ socket });
  });
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    const scope = connectionScope.getStore();
    if (scope) scope.res = res;
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const inProgress = (socket as Duplex & { _httpMessage?: http.ServerResponse })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inProgress?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, error } = clientErrorAnswer(err.code);
    logger.debug({ code: err.code, status }, 'client error');
    socket.end(rawJsonAnswer(status, error));
  });
  server.on('error', (err) => {
    if (!server.listening) return; // a failed listen() is reported to its caller
    logger.fatal({ err }, 'the listen socket failed: exiting');
    process.exit(1);
  });
}

let processGuarded = false;

/**
 * Installs the process-wide handlers (once per process; each service's main calls it): an uncaught exception inside a
 * connection's scope answers that request 500 and the process goes on; anywhere else it is fatal (exit 1).
 *
 * An unhandled promise rejection inside a connection's scope (Node runs the handler in the rejected promise's async
 * context) is logged and the process goes on: it leaves no half-run code behind it, and the request it belonged to is
 * still answered by Koa or by the server's request timeout. Outside every connection it is fatal like an exception: a
 * background loop whose promise nobody awaits has stopped for good (a consumer, the outbox relay, a start-up step that
 * was not awaited), and a process that still answers /healthz without doing its work is worse than one the supervisor
 * or Kubernetes restarts. (Node's own default is the same: without a handler an unhandled rejection ends the process.)
 */
export function guardProcess(logger: Logger): void {
  if (processGuarded) return;
  processGuarded = true;
  process.on('uncaughtException', (err) => {
    const scope = connectionScope.getStore();
    if (!scope) {
      logger.fatal({ err }, 'uncaught exception outside any request: exiting');
      process.exit(1);
    }
    logger.error({ err }, 'uncaught exception in a request: that request gets a 500, the service goes on');
    const res = scope.res;
    if (res && !res.headersSent && !res.writableEnded && !scope.socket.destroyed) {
      const body = JSON.stringify({ error: 'Internal Server Error' });
      res.writeHead(500, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
        Connection: 'close',
      });
      res.end(body, () => scope.socket.destroy());
    } else {
      scope.socket.destroy();
    }
  });
  process.on('unhandledRejection', (reason) => {
    if (!connectionScope.getStore()) {
      logger.fatal({ err: reason }, 'unhandled promise rejection outside any request: exiting');
      process.exit(1);
    }
    logger.error({ err: reason }, 'unhandled promise rejection in a request: logged, the service goes on');
  });
}
