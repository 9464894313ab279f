import { STATUS_CODES } from 'node:http';
import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import type { Logger } from 'pino';

/** An error that maps to an HTTP status with a JSON `{ error }` body. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(status: number, message: string, opts: { code?: string; details?: Record<string, unknown>; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = opts.code;
    this.details = opts.details;
    this.headers = opts.headers;
  }
}

/** A request body that must be a JSON object (not an array, a string, a number or null): else 400 'Expected a JSON object'. */
export function jsonObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Expected a JSON object');
  return body as Record<string, unknown>;
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new HttpError(400, message, details ? { details } : {});
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, code?: string) => new HttpError(409, message, code ? { code } : {});
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });

interface MongoLikeError {
  code?: number;
  keyValue?: Record<string, unknown>;
  keyPattern?: Record<string, unknown>;
}

/** A MongoDB duplicate-key error (E11000): a unique index refused the write. */
export function isDuplicateKey(err: unknown): err is MongoLikeError {
  return typeof err === 'object' && err !== null && (err as MongoLikeError).code === 11000;
}

/**
 * A request body that does not decode as its Content-Encoding says (gzip or deflate: "incorrect header check",
 * "unexpected end of file"; brotli: "Decompression failed") is the client's fault, whatever reads the body.
 */
function isBodyDecodingError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  // zlib: Z_DATA_ERROR, Z_BUF_ERROR...; brotli: ERR__ERROR_FORMAT_PADDING_2 and the other ERR__ERROR_* codes.
  return typeof code === 'string' && /^(Z_[A-Z_]+|ERR__ERROR_[A-Z0-9_]+)$/.test(code);
}

/** Body-parser / raw-body errors carry a status and a type. */
interface ParserError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

export interface ErrorBody {
  error: string;
  code?: string;
  issues?: Array<{ path: string; message: string }>;
  requestId?: string;
  [k: string]: unknown;
}

/** What a request hears while the service's database cannot be reached (a failover, a restart): try again soon. */
export const DATASTORE_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';

/** The MongoDB driver's (and mongoose's) errors for a database it cannot reach or lost mid-request, retryable ones. */
const UNREACHABLE_DATASTORE_ERRORS = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  'MongoWaitQueueTimeoutError',
]);

/**
 * Whether a request failed because the database was unreachable (or a transaction was cut by a failover), not
 * because of the request or the code: a 503 the client may retry, not a 500.
 */
export function isDatastoreUnavailable(err: unknown): boolean {
  const e = err as { name?: unknown; errorLabels?: unknown; errorLabelSet?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.name === 'string' && UNREACHABLE_DATASTORE_ERRORS.has(e.name)) return true;
  const labels = e.errorLabelSet instanceof Set ? [...e.errorLabelSet] : Array.isArray(e.errorLabels) ? e.errorLabels : [];
  return labels.includes('TransientTransactionError') || labels.includes('RetryableWriteError');
}

/** Maps every error to a JSON body with a meaningful status. Unknown errors are 500 and logged; their text is never exposed. */
export function toErrorResponse(err: unknown): { status: number; body: ErrorBody; headers?: Record<string, string>; unexpected: boolean } {
  if (err instanceof HttpError) {
    return {
      status: err.status,
      body: { error: err.message, ...(err.code ? { code: err.code } : {}), ...(err.details ?? {}) },
      ...(err.headers ? { headers: err.headers } : {}),
      unexpected: false,
    };
  }
  if (err instanceof ZodError) {
    const issues = err.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
    return { status: 400, body: { error: issues[0]?.message ?? 'Invalid request', issues }, unexpected: false };
  }
  if (isDuplicateKey(err)) {
    const field = Object.keys(err.keyPattern ?? err.keyValue ?? {})[0] ?? 'value';
    return { status: 409, body: { error: `This ${field} already exists`, code: `duplicate_${field}` }, unexpected: false };
  }
  if (isBodyDecodingError(err)) {
    return { status: 400, body: { error: 'The request body does not match its Content-Encoding' }, unexpected: false };
  }
  if (isDatastoreUnavailable(err)) {
    return { status: 503, body: { error: DATASTORE_UNAVAILABLE }, headers: { 'Retry-After': '5' }, unexpected: false };
  }
  const pe = err as ParserError;
  const status = pe?.status ?? pe?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const byType: Record<string, string> = {
      'entity.too.large': 'Request body too large',
      'entity.parse.failed': 'Malformed JSON body',
      'encoding.unsupported': 'Unsupported content encoding',
    };
    // inflation's own error for an encoding it cannot decode carries a status but no type.
    const unsupportedEncoding = status === 415 && /^Unsupported Content-Encoding/.test(pe.message ?? '');
    const message = (pe.type && byType[pe.type]) || (unsupportedEncoding && byType['encoding.unsupported']) || (pe.expose && pe.message) || 'Bad request';
    return { status, body: { error: message }, unexpected: false };
  }
  return { status: 500, body: { error: 'Internal Server Error' }, unexpected: true };
}

export function errorMiddleware(logger: Logger) {
  return async function handleErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
      if (ctx.status === 404 && ctx.body == null) {
        ctx.status = 404;
        ctx.body = { error: 'Not found', requestId: ctx.state.requestId };
      } else if (ctx.status >= 400 && ctx.body == null) {
        // An answer set without a body (a router's 405 or 501): JSON like every other error, never Koa's plain text.
        ctx.body = { error: STATUS_CODES[ctx.status] ?? 'Error', requestId: ctx.state.requestId };
      }
    } catch (err) {
      const res = toErrorResponse(err);
      if (res.unexpected) {
        (ctx.state.log as Logger | undefined ?? logger).error({ err }, 'unhandled error');
      }
      ctx.status = res.status;
      if (res.headers) ctx.set(res.headers);
      ctx.body = { ...res.body, requestId: ctx.state.requestId as string | undefined };
    }
  };
}
