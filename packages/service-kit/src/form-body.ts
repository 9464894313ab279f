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
