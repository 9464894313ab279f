/**
 * Search benchmark (issue 15): 100k listings stored in the listings service's
 * MongoDB and published as listing-created events (as the service's outbox does); then
 * - the index build from the stream: a fresh index in this process reads EVENTS_LISTINGS until caught up (events/s),
 *   and the heap it holds per 100k listings;
 * - through the gateway, GET /api/search/listings?search= (the search service, the one server engine of the §9 rule):
 *   a repeated search and distinct ones, p50 and req/s;
 * - the first page of /listings from the search service, compressed, as the browser gets it;
 * - a snapshot of the same index: its size compressed, the time to write it and to build an index from it (what a new
 *   replica does instead of reading the streams from their start);
 * - an author's listing created through the gateway until the search service answers it (create → searchable).
 * Loopback only; every run bounded.
 */
import http from 'node:http';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import v8 from 'node:v8';
import vm from 'node:vm';
import { MongoClient } from 'mongodb';
import { ListingCreated } from '@cp/contracts';
import { connectNats, createLogger, publishEvent } from '@cp/service-kit';
import type { ListingDoc } from '../../services/listings/src/data/listings-repository.ts';
import { SearchIndex } from '../../services/search/src/data/search-index.ts';
import type { Snapshot } from '../../services/search/src/data/snapshots.ts';
import { startIndexFeed } from '../../services/search/src/events/index-feed.ts';
import { generateListings, sampleQueries } from './search-corpus.ts';
import type { Measure, Measured } from './measure.ts';

const COUNT = 100_000;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/** Bytes on the wire of one GET, compressed as a browser asks. */
function wireBytes(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      })
      .on('error', reject);
  });
}

export async function benchSearch(opts: { mongoUrl: string; natsUrl: string; gatewayUrl: string; searchUrl: string; measure: Measure }): Promise<void> {
  const logger = createLogger('bench-search', 'warn');
  const client = new MongoClient(opts.mongoUrl, { maxPoolSize: 20 });
  const nats = await connectNats({ url: opts.natsUrl, name: 'bench-search', logger });
  try {
    const listings = generateListings(COUNT);
    const t0 = Date.now();
    const col = client.db('listings').collection<ListingDoc>('listings');
    for (let i = 0; i < listings.length; i += 5_000) {
      await col.insertMany(
        listings.slice(i, i + 5_000).map(({ id, createdAt, updatedAt, price, ...l }) => ({ ...l, _id: id, ...(price == null ? {} : { price }), createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) }) as ListingDoc),
      );
    }
    for (let i = 0; i < listings.length; i += 1_000) {
      await Promise.all(listings.slice(i, i + 1_000).map((l) => publishEvent(nats.js, ListingCreated, { listingId: l.id, userId: l.userId, category: l.category, tier: l.tier, title: l.title, listing: l })));
    }
    console.log(`\nbench: search, ${COUNT} listings stored and published as events (${((Date.now() - t0) / 1000).toFixed(0)} s)`);

    const before = heap();
    const index = new SearchIndex();
    const t1 = performance.now();
    const feed = await startIndexFeed({ nats, index, logger });
    await feed.caughtUp;
    const seconds = (performance.now() - t1) / 1000;
    const held = heap() - before;
    await feed.stop();
    const indexed = index.listings.size;
    console.log(`  index build from the stream: ${indexed} listings in ${seconds.toFixed(1)} s = ${Math.round(indexed / seconds)} events/s`);
    console.log(`  index memory: ${((held / indexed) * 100_000 / 1024 / 1024).toFixed(0)} MB heap per 100k listings (documents, §9 trigrams and orders, MiniSearch)`);
    const t2 = performance.now();
    const packed = await promisify(gzip)(JSON.stringify(index.snapshot(feed.applied())));
    const packSeconds = (performance.now() - t2) / 1000;
    const t3 = performance.now();
    const restored = SearchIndex.fromSnapshot(JSON.parse((await promisify(gunzip)(packed)).toString('utf8')) as Snapshot);
    const loadSeconds = (performance.now() - t3) / 1000;
    console.log(
      `  snapshot: ${(packed.length / 1024 / 1024).toFixed(1)} MB gzipped, taken in ${packSeconds.toFixed(1)} s; an index built from it in ${loadSeconds.toFixed(1)} s = ${Math.round(restored.listings.size / loadSeconds)} listings/s`,
    );

    // The service itself has read the same events once its answer counts them all.
    const deadline = Date.now() + 300_000;
    for (;;) {
      const total = ((await (await fetch(`${opts.searchUrl}/api/search/listings?pageSize=1`)).json()) as { total: number }).total;
      if (total >= indexed) break;
      if (Date.now() > deadline) throw new Error(`the search service has ${total} of ${indexed} listings after 5 minutes`);
      await new Promise((r) => setTimeout(r, 500));
    }

    console.log('  through the gateway, same run        req/s      p50 ms    p99 ms');
    for (const word of ['ike', 'tiffin']) {
      printRows(await opts.measure(`GET /api/search/listings?search=${word}`, `${opts.gatewayUrl}/api/search/listings?search=${word}`));
    }
    // Distinct queries, each asked once in a long turn: the result cache (the last 64 searches) never answers them, so
    // this is what a search costs that nobody asked since the last change.
    const { word, prefix, infix } = sampleQueries(700, 11);
    const distinct = [...word, ...prefix, ...infix].map((q) => encodeURIComponent(q));
    printRows(await opts.measure(`GET /api/search/listings?search= (${distinct.length} distinct)`, distinct.map((q) => `${opts.gatewayUrl}/api/search/listings?search=${q}`)));
    const first = await wireBytes(`${opts.gatewayUrl}/api/search/listings?page=1&pageSize=24`);
    console.log(`  first page of /listings from search (24 listings): ${(first.bytes / 1024).toFixed(1)} KB on the wire (${first.encoding})`);
    const delays = await createToSearchable(opts.gatewayUrl, 5);
    console.log(`  an author's new listing searchable after: ${delays.map((ms) => `${ms} ms`).join(', ')} (created through the gateway, polled every 10 ms)`);
  } finally {
    await nats.close();
    await client.close();
  }
}

/** One table row per figure; a figure that could not be measured as its reason. */
function printRows(...rows: Array<Measured | string>): void {
  for (const m of rows) {
    if (typeof m === 'string') console.log(`  ${m}`);
    else console.log(`  ${m.name.padEnd(38)} ${m.rps.toFixed(0).padStart(6)}   ${String(m.p50).padStart(8)}  ${String(m.p99).padStart(8)}`);
  }
}

/** Creates `n` listings through the gateway as a new user and polls the search API until each is answered: the delays. */
async function createToSearchable(gatewayUrl: string, n: number): Promise<number[]> {
  const reg = await fetch(`${gatewayUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `bench_author_${Date.now()}`, password: 'bench-password', email: `author${Date.now()}@example.com`, termsAccepted: true }),
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const cookie = reg.headers.getSetCookie().find((c) => c.startsWith('cp_session='))!.split(';')[0]!;
  const delays: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const title = `Bench lantern ${Date.now().toString(36)} ${i}`;
    const started = performance.now();
    const res = await fetch(`${gatewayUrl}/api/listings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ category: 'Buy & Sell', title, description: 'A brass lantern, created by the search benchmark.', location: 'Harrisburg PA', price: 20 }),
    });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const page = (await (await fetch(`${gatewayUrl}/api/search/listings?search=${encodeURIComponent(title)}`)).json()) as { total: number };
      if (page.total > 0) break;
      if (Date.now() > deadline) throw new Error(`"${title}" not searchable after 30 s`);
      await new Promise((r) => setTimeout(r, 10));
    }
    delays.push(Math.round(performance.now() - started));
  }
  return delays;
}
