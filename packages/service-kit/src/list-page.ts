import type { Context } from 'koa';
import { FULL_LIST_MAX, type CursorPage } from '@cp/contracts';
import { badRequest } from './errors.ts';
import { trusted } from './mongo.ts';

/**
 * Cursor pages over MongoDB (issue 24 §2: every list is bounded). A list has a fixed order, given as its sort keys
 * (the last one unique, `_id`); a page's cursor is the sort values of its last item, base64url JSON, and the next
 * page is the keyset after it (`$or` of the key prefixes), so it walks the same index as the first page: no skip,
 * the same cost at page 1 and page 500, and an item inserted meanwhile never shifts an item into a second page.
 */
export interface SortKey {
  field: string;
  dir: 1 | -1;
  /** What the value is, checked when a cursor is read: a cursor is the client's text, never a query. */
  kind: 'date' | 'string' | 'number' | 'boolean';
}

export const BAD_CURSOR = 'Invalid page cursor';

type KeyValue = Date | string | number | boolean;

const valueOf = (doc: Record<string, unknown>, field: string): unknown => doc[field];

/** The cursor after `doc` (the last item of a page). */
export function cursorAfter(doc: Record<string, unknown>, keys: readonly SortKey[]): string {
  const values = keys.map((k) => {
    const v = valueOf(doc, k.field);
    if (k.kind === 'date') return v instanceof Date ? v.getTime() : Date.parse(String(v));
    if (k.kind === 'boolean') return v === true;
    return v;
  });
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/** The sort values a cursor holds; 400 `Invalid page cursor` unless it is exactly one value of the right kind per key. */
export function readCursor(cursor: string, keys: readonly SortKey[]): KeyValue[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR);
  }
  if (!Array.isArray(values) || values.length !== keys.length) throw badRequest(BAD_CURSOR);
  return keys.map((k, i) => {
    const v: unknown = values[i];
    if (k.kind === 'date' && typeof v === 'number' && Number.isSafeInteger(v) && Math.abs(v) <= 8.64e15) return new Date(v);
    if (k.kind === 'string' && typeof v === 'string' && v.length <= 1000) return v;
    if (k.kind === 'number' && typeof v === 'number' && Number.isFinite(v)) return v;
    if (k.kind === 'boolean' && typeof v === 'boolean') return v;
    throw badRequest(BAD_CURSOR);
  });
}

/** The MongoDB sort of a list (`{ createdAt: -1, _id: -1 }`). */
export function sortOf(keys: readonly SortKey[]): Record<string, 1 | -1> {
  return Object.fromEntries(keys.map((k) => [k.field, k.dir]));
}

/**
 * The filter of the items after a cursor in the list's order: `{ $or: [{ a: { $lt: va } }, { a: va, b: { $lt: vb } }, …] }`
 * (`$gt` for an ascending key). Combine it with the list's own filter in `$and`.
 */
export function afterCursor(cursor: string, keys: readonly SortKey[]): Record<string, unknown> {
  const values = readCursor(cursor, keys);
  return {
    $or: keys.map((key, i) => {
      const clause: Record<string, unknown> = {};
      for (let j = 0; j < i; j += 1) clause[keys[j]!.field] = values[j];
      clause[key.field] = trusted(key.dir === 1 ? { $gt: values[i] } : { $lt: values[i] });
      return clause;
    }),
  };
}

/**
 * One cursor page from `limit + 1` documents read in the list's order after the cursor: the first `limit` mapped, and
 * the cursor after the last of them when there was one more.
 */
export function cursorPage<D extends object, T>(docs: readonly D[], limit: number, keys: readonly SortKey[], map: (doc: D) => T): CursorPage<T> {
  const page = docs.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page.map(map), nextCursor: docs.length > limit && last ? cursorAfter(last as Record<string, unknown>, keys) : null };
}

/**
 * How a list request is answered: a cursor page when it names `limit` or `cursor`, else the bare list (ListResponse,
 * the spec's "list of …"), which holds at most FULL_LIST_MAX items. The use case reads `limit` + 1 documents.
 */
export function listRequest(query: Record<string, unknown>, parsed: { limit: number; cursor?: string | undefined }): { bare: boolean; limit: number; cursor: string | undefined } {
  const bare = query.limit === undefined && query.cursor === undefined;
  return { bare, limit: bare ? FULL_LIST_MAX : parsed.limit, cursor: parsed.cursor };
}

/** What a list use case answers: its cursor page, and whether the request asked for the bare list (listRequest). */
export interface ListAnswer<T> {
  page: CursorPage<T>;
  bare: boolean;
}

/**
 * Answers a list request (listRequest): the cursor page as is, or the bare list of its items; when a bare list stops
 * at FULL_LIST_MAX with more behind it, a `Link: <…>; rel="next"` header names the cursor page that follows (the
 * request's path and query, plus `cursor` and the endpoint's largest `limit`).
 */
export function answerList<T>(ctx: Context, page: CursorPage<T>, bare: boolean, maxLimit: number): void {
  if (!bare) {
    ctx.body = page;
    return;
  }
  if (page.nextCursor) {
    const params = new URLSearchParams(ctx.querystring);
    params.set('cursor', page.nextCursor);
    params.set('limit', String(maxLimit));
    ctx.set('Link', `<${ctx.path}?${params.toString()}>; rel="next"`);
  }
  ctx.body = page.items;
}
