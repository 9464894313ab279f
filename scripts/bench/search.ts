/**
 * Search benchmark (issue 15), in the same run as today's search: 100k listings stored in the listings service's
 * MongoDB and published as listing-created events (as the service's outbox does); then
 * - the index build from the stream: a fresh index in this process reads EVENTS_LISTINGS until caught up (events/s),
 *   and the heap it holds per 100k listings;
 * - through the gateway, the same search both ways: GET /api/listings?search= (MongoDB, an escaped regex over every
 *   listing) and GET /api/search/listings?search= (the search service), p50 and req/s, and their ratio;
 * - the first page of /listings from the search service, compressed, as the browser gets it.
 * Loopback only; every run bounded.
 */
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { MongoClient } from 'mongodb';
import { ListingCreated } from '@cp/contracts';
import { connectNats, createLogger, publishEvent } from '@cp/service-kit';
import { searchTextOf, type ListingDoc } from '../../services/listings/src/data/listings-repository.ts';
import { SearchIndex } from '../../services/search/src/data/search-index.ts';
import { startIndexFeed } from '../../services/search/src/events/index-feed.ts';
import { generateListings } from './search-corpus.ts';
import type { Measure } from './listings.ts';

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
        listings.slice(i, i + 5_000).map(({ id, createdAt, updatedAt, price, ...l }) => ({ ...l, _id: id, ...(price == null ? {} : { price }), searchText: searchTextOf(l.title, l.description), createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) }) as ListingDoc),
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
    console.log(`  index memory: ${((held / indexed) * 100_000 / 1024 / 1024).toFixed(0)} MB heap per 100k listings (documents, §9 texts, MiniSearch)`);

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
      const regex = await opts.measure(`GET /api/listings?search=${word}`, `${opts.gatewayUrl}/api/listings?search=${word}`);
      const search = await opts.measure(`GET /api/search/listings?search=${word}`, `${opts.gatewayUrl}/api/search/listings?search=${word}`);
      for (const m of [regex, search]) console.log(`  ${m.name.padEnd(38)} ${m.rps.toFixed(0).padStart(6)}   ${String(m.p50).padStart(8)}  ${String(m.p99).padStart(8)}`);
      console.log(`  search "${word}": ${regex.rps > 0 ? `${(search.rps / regex.rps).toFixed(1)}x the throughput of the regex search` : 'the regex search answered nothing within the run'}`);
    }
    const first = await wireBytes(`${opts.gatewayUrl}/api/search/listings?page=1&pageSize=24`);
    console.log(`  first page of /listings from search (24 listings): ${(first.bytes / 1024).toFixed(1)} KB on the wire (${first.encoding})`);
  } finally {
    await nats.close();
    await client.close();
  }
}
