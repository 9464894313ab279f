import type { Context } from 'koa';
import { HttpError } from './errors.ts';

/**
 * A small application/x-www-form-urlencoded body (the RFC 8058 one-click unsubscribe's: comms' newsletter, listings'
 * alerts), read by its route: the kit's parser reads JSON only. Bounded (413 past `limitBytes`); an encoded body (Content-Encoding) is refused with 415.
 * Returns its fields (the last value of a repeated one) for the use case's schema.
 */
export async function readFormBody(ctx: Context, limitBytes = 1024): Promise<Record<string, string>> {
  const encoding = ctx.get('content-encoding').trim().toLowerCase();
  if (encoding && encoding !== 'identity') throw new HttpError(415, 'Content-Encoding is not supported here');
  if (Number(ctx.get('content-length') || 0) > limitBytes) throw new HttpError(413, 'Request body too large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) throw new HttpError(413, 'Request body too large');
    chunks.push(chunk);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/**
 * An unsubscribe POST as it came: the mailbox provider's one-click POST (RFC 8058: the token in the List-Unsubscribe
 * URL's query, the form body `List-Unsubscribe=One-Click`) or the unsubscribe page's POST (JSON `{ token }`).
 */
export type UnsubscribeRequest = { kind: 'one-click'; query: unknown; form: unknown } | { kind: 'json'; body: unknown };

/** Reads an unsubscribe POST: the one-click form (bounded, readFormBody) or the page's JSON; any other body is a 415. */
export async function readUnsubscribeRequest(ctx: Context): Promise<UnsubscribeRequest> {
  if (ctx.is('application/x-www-form-urlencoded')) return { kind: 'one-click', query: ctx.query, form: await readFormBody(ctx) };
  const hasBody = Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';
  if (hasBody && !ctx.is('application/json')) throw new HttpError(415, 'Content-Type must be application/json or application/x-www-form-urlencoded');
  return { kind: 'json', body: ctx.request.body };
}

/**
 * The signed token of an unsubscribe POST whose use case needs nothing else: the query's (one-click), else the JSON
 * body's `token`. Unchecked: the use case verifies it (a bad one is its 400).
 */
export async function unsubscribeToken(ctx: Context): Promise<unknown> {
  const request = await readUnsubscribeRequest(ctx);
  return (ctx.query as { token?: unknown }).token ?? (request.kind === 'json' ? (request.body as { token?: unknown } | undefined)?.token : undefined);
}
