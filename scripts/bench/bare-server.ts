import http from 'node:http';
import type { Collection, Document, Filter } from 'mongodb';
import { afterCursor, cursorPage, sortOf, type SortKey } from '@cp/service-kit';
import type { Measure, Measured } from './measure.ts';

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

/**
 * What a bare server answers for a list: the same cursor page as the service — the visible items of `filter`, the
 * keyset after the cursor in `order`, limit + 1 read — mapped as the API shows them.
 */
export async function answerCursorPage<D extends Document, T>(
  res: http.ServerResponse,
  col: Collection<D>,
  filter: Record<string, unknown>,
  query: { cursor?: string | undefined; limit: number },
  order: readonly SortKey[],
  toItem: (doc: D) => T,
): Promise<void> {
  const visible = { hidden: { $ne: true }, authorBanned: { $ne: true }, ...filter };
  const docs = (await col
    .find((query.cursor ? { $and: [visible, afterCursor(query.cursor, order)] } : visible) as Filter<D>)
    .sort(sortOf(order))
    .limit(query.limit + 1)
    .toArray()) as unknown as D[];
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(cursorPage(docs, query.limit, order, toItem)));
}

/** The header of a three-way table (threeWays prints its rows). */
export function printThreeWayHeader(): void {
  console.log('| query | path | req/s | p50 ms | p99 ms |');
  console.log('|---|---|---:|---:|---:|');
}

/**
 * Measures one request three ways in the same run — through the gateway, the service directly, a bare node:http server
 * doing the same work — alike (measure.ways: the same warm-up for each, then their measured time in interleaved
 * slices), and prints the three rows and their ratios under `label`.
 */
export async function threeWays(
  measure: Measure,
  label: string,
  service: string,
  pathAndQuery: string,
  bases: { gateway: string; service: string; bare: BareServer },
  headers?: Record<string, string>,
  method: 'GET' | 'POST' = 'GET',
): Promise<Measured[]> {
  const rows = await measure.ways(
    [
      { name: `gateway → ${service}`, url: bases.gateway + pathAndQuery },
      { name: `${service} directly`, url: bases.service + pathAndQuery },
      { name: 'bare node:http', url: `http://127.0.0.1:${bases.bare.port}${pathAndQuery}` },
    ],
    headers,
    method,
  );
  for (const r of rows) console.log(`| ${label} | ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} |`);
  const [gw, direct, raw] = rows as [Measured, Measured, Measured];
  console.log(`| ${label} | ratios | gateway/direct ${(gw.rps / direct.rps).toFixed(2)}× · service/bare ${(direct.rps / raw.rps).toFixed(2)}× · gateway/bare ${(gw.rps / raw.rps).toFixed(2)}× | | |`);
  return rows;
}

/** Issue 24 §2's goal for a paged list through the gateway: p50 at most this, and at least this share of bare's req/s. */
export const PAGED_LIST_GOAL = { p50Ms: 20, ofBare: 0.6 } as const;

/** Prints, beside a three-way row set (threeWays), the gateway's figures against PAGED_LIST_GOAL. */
export function printPagedGoal(label: string, rows: readonly Measured[]): void {
  const [gw, , raw] = rows as [Measured, Measured, Measured];
  const ratio = gw.rps / raw.rps;
  const ok = (pass: boolean) => (pass ? 'met' : 'NOT met');
  console.log(
    `| ${label} | goal | gateway p50 ${gw.p50} ms (goal ≤ ${PAGED_LIST_GOAL.p50Ms} ms: ${ok(gw.p50 <= PAGED_LIST_GOAL.p50Ms)}) · gateway/bare ${ratio.toFixed(2)}× (goal ≥ ${PAGED_LIST_GOAL.ofBare}×: ${ok(ratio >= PAGED_LIST_GOAL.ofBare)}) | | |`,
  );
}
