import type { z } from 'zod';

/**
 * A GET of another service's `/internal/...` endpoint (never routed by the gateway): its answer parsed with the
 * contracts' `schema`, or null when it answers 404. Anything else — unreachable, slower than `timeoutMs`, another
 * status, an answer not of the schema — throws: "try again later", never "there is no such thing". The caller decides
 * what a failure is to its own caller (a 503, a consumer's retry).
 */
export async function getInternal<S extends z.ZodType>(url: URL, schema: S, timeoutMs = 3_000): Promise<z.infer<S> | null> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (res.status === 404) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`${url.host} answered ${res.status} for ${url.pathname}`);
  }
  return schema.parse(await res.json()) as z.infer<S>;
}
