import type { z } from 'zod';

/** What a service answered to one GET: its data (parsed with the contracts' schema), not found, gone, or a failure. */
export type Fetched<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'not-found' }
  | { kind: 'gone'; error?: string }
  | { kind: 'failed'; reason: string };

/** One service's public GET endpoints, across its replicas (round robin; the next one when one cannot be reached). */
export interface ServiceClient {
  readonly name: string;
  getJson<S extends z.ZodType>(path: string, schema: S, signal: AbortSignal): Promise<Fetched<z.infer<S>>>;
  /** The raw answer to an anonymous GET (the next replica when one cannot be reached); rejects when none answers. */
  get(path: string, signal: AbortSignal): Promise<Response>;
}

const MAX_BODY_BYTES = 2 * 1024 * 1024;

export function serviceClient(name: string, origins: readonly string[], fetchImpl: typeof fetch = fetch): ServiceClient {
  if (origins.length === 0) throw new Error(`${name}: no origin`);
  let next = 0;
  const anonymous = { accept: 'application/json', 'user-agent': 'cp-renderer-bot/1.0' };
  /** The first replica that answers, from the next in turn; rejects with the last failure when none does. */
  async function reach(path: string, signal: AbortSignal): Promise<Response> {
    const start = next++ % origins.length;
    let last: unknown;
    for (let i = 0; i < origins.length; i++) {
      try {
        // Anonymous: no cookie or credential of the visitor ever goes to a service from here.
        return await fetchImpl(new URL(path, origins[(start + i) % origins.length]!), { signal, headers: anonymous, redirect: 'error' });
      } catch (err) {
        if (signal.aborted) throw err;
        last = err; // this replica cannot be reached: the next one
      }
    }
    throw last instanceof Error ? last : new Error(`${name}: not reached`);
  }
  return { name, get: reach, getJson: (path, schema, signal) => readJson(name, path, reach(path, signal), schema, signal) };
}

/** One GET's answer parsed with `schema` (what ServiceClient.getJson answers), from the response on its way. */
export async function readJson<S extends z.ZodType>(name: string, path: string, answer: Promise<Response>, schema: S, signal: AbortSignal): Promise<Fetched<z.infer<S>>> {
  let res: Response;
  try {
    res = await answer;
  } catch (err) {
    if (signal.aborted) return { kind: 'failed', reason: `${name}: over the time budget` };
    return { kind: 'failed', reason: `${name}: ${(err as Error).message}` };
  }
  if (res.status === 404) {
    await res.body?.cancel();
    return { kind: 'not-found' };
  }
  if (res.status === 410) {
    // Its sentence tells a deleted listing from an expired one (issue 22); a small JSON `{ error }`, else none.
    const length = Number(res.headers.get('content-length') ?? 0);
    if (!(length > 0 && length <= 4_096)) {
      await res.body?.cancel();
      return { kind: 'gone' };
    }
    const error = await res.json().then((b: unknown) => (b && typeof b === 'object' && typeof (b as { error?: unknown }).error === 'string' ? (b as { error: string }).error : undefined), () => undefined);
    return error ? { kind: 'gone', error } : { kind: 'gone' };
  }
  if (!res.ok) {
    await res.body?.cancel();
    return { kind: 'failed', reason: `${name}: ${res.status} for ${path}` };
  }
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) {
    await res.body?.cancel();
    return { kind: 'failed', reason: `${name}: answer too large for ${path}` };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (err) {
    if (signal.aborted) return { kind: 'failed', reason: `${name}: over the time budget` };
    return { kind: 'failed', reason: `${name}: not JSON for ${path} (${(err as Error).message})` };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { kind: 'failed', reason: `${name}: unexpected answer for ${path}: ${parsed.error.issues[0]?.message ?? ''}` };
  return { kind: 'ok', data: parsed.data };
}

interface Buffered {
  status: number;
  statusText: string;
  headers: Headers;
  body: ArrayBuffer;
}

/**
 * One page's reads of the services, shared by its head and its body (issue 20): a listing's page needs the listing for
 * its head (title, preview, JSON-LD) and for its body (the RTK Query state), and asks its service once. Each path is
 * read once per page (the first caller's budget), buffered (bounded as getJson bounds it), and every caller gets its
 * own Response of it. Made per page and dropped with it: nothing is kept between pages or visitors.
 */
export function pageReads<C extends Readonly<Partial<Record<string, ServiceClient>>>>(clients: C): C {
  const out: Partial<Record<string, ServiceClient>> = {};
  for (const [key, client] of Object.entries(clients)) {
    if (!client) continue;
    const reads = new Map<string, Promise<Buffered>>();
    const get = async (path: string, signal: AbortSignal): Promise<Response> => {
      let read = reads.get(path);
      if (!read) {
        read = client.get(path, signal).then(async (res) => {
          if (Number(res.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) {
            await res.body?.cancel();
            throw new Error(`${client.name}: answer too large for ${path}`);
          }
          return { status: res.status, statusText: res.statusText, headers: res.headers, body: await res.arrayBuffer() };
        });
        reads.set(path, read);
      }
      const got = await read;
      return new Response(got.status === 204 || got.status === 304 ? null : got.body.slice(0), { status: got.status, statusText: got.statusText, headers: got.headers });
    };
    out[key] = { name: client.name, get, getJson: (path, schema, signal) => readJson(client.name, path, get(path, signal), schema, signal) };
  }
  return out as C;
}
