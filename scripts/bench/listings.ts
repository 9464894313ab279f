/**
 * Listings read benchmark (issue 4): with 10k and then 100k listings in MongoDB, a read the listings service owns —
 * one listing by id — three ways in the same run: through the gateway, the listings service directly, and a bare
 * node:http server running the same MongoDB read with the raw driver and no framework. Then the size on the wire of
 * the full list, plain and compressed. (Pages, search and filters are the search service's: scripts/bench/search.ts.)
 * Loopback only; every run is bounded in time.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { MongoClient, type Collection } from 'mongodb';
import { LISTING_CATEGORIES, LISTING_TIERS, LOCATIONS } from '@cp/contracts';
import type { ListingDoc } from '../../services/listings/src/data/listings-repository.ts';
import { toListing } from '../../services/listings/src/data/listing-mapper.ts';
import { listenBare, printThreeWayHeader, threeWays, type BareServer } from './bare-server.ts';
import type { Measure } from './measure.ts';

const WORDS = ['room', 'rent', 'tutor', 'math', 'sofa', 'table', 'honda', 'civic', 'diwali', 'garba', 'job', 'engineer', 'catering', 'biryani', 'yoga', 'class', 'bike', 'laptop', 'apartment', 'townhouse'];
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

function makeListing(i: number, now: number): ListingDoc {
  const title = `${pick(WORDS, i * 7)} ${pick(WORDS, i * 3 + 1)} ${i}`;
  const description = `Listing number ${i}: ${pick(WORDS, i)} and ${pick(WORDS, i * 5 + 2)} near the community hall, serious enquiries only.`;
  const category = pick(LISTING_CATEGORIES, i);
  const created = new Date(now - i * 60_000);
  return {
    _id: randomUUID(),
    userId: randomUUID(),
    category,
    title,
    description,
    ...(i % 4 === 0 ? {} : { price: (i * 37) % 3000 }),
    location: pick(LOCATIONS, i * 11),
    imageUrls: [],
    tier: pick(LISTING_TIERS, i * 13),
    status: 'active',
    createdAt: created,
    updatedAt: created,
  };
}

/** Grows the listings collection to `target` documents, in batches. */
export async function seedListings(col: Collection<ListingDoc>, target: number): Promise<void> {
  const have = await col.countDocuments();
  const now = Date.now();
  for (let start = have; start < target; start += 5_000) {
    const end = Math.min(target, start + 5_000);
    await col.insertMany(Array.from({ length: end - start }, (_, k) => makeListing(start + k, now)));
  }
}

/** The same read as the service's GET /api/listings/:id (the public listing), on the raw driver behind node:http. */
export function bareListingsServer(col: Collection<ListingDoc>): Promise<BareServer> {
  return listenBare(async (req, res) => {
    const id = /^\/api\/listings\/([0-9a-f-]{36})$/.exec(new URL(req.url ?? '/', 'http://bare').pathname)?.[1];
    const doc = id ? await col.findOne({ _id: id }, { projection: { searchText: 0, contentHash: 0 } }) : null;
    if (!doc) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Listing not found"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(toListing(doc)));
  });
}

/** The reads measured three ways: one listing by id (the newest, which the full list shows first). */
const listingQueries = async (col: Collection<ListingDoc>) => {
  const newest = await col.find({}, { projection: { _id: 1 } }).sort({ createdAt: -1, _id: -1 }).limit(1).next();
  return [['one listing by id', `/api/listings/${newest!._id}`]] as const;
};

/** Bytes on the wire and time of one GET through the gateway with the given Accept-Encoding (nothing decoded). */
function wireSize(url: string, acceptEncoding: string | undefined): Promise<{ bytes: number; ms: number; encoding: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        else resolve({ bytes, ms: performance.now() - started, encoding: String(res.headers['content-encoding'] ?? 'none') });
      });
      res.on('error', reject);
    });
    req.setTimeout(120_000, () => req.destroy(new Error(`${url}: no answer within 120 s`)));
    req.on('error', reject);
  });
}

/**
 * The full list (GET /api/listings without a query): what the listings page and home filter in the browser (spec §6:
 * "Filtering is done on the client over the full listing list"). Printed as sent, and compressed as a browser gets it.
 */
async function printFullList(gatewayUrl: string, size: number): Promise<void> {
  const url = `${gatewayUrl}/api/listings`;
  const plain = await wireSize(url, undefined);
  const compressed = await wireSize(url, 'gzip, deflate, br, zstd');
  const mb = (b: number) => `${(b / 1_000_000).toFixed(2)} MB`;
  console.log(
    `the full list of ${size} listings (GET /api/listings, filtered in the browser): ${mb(plain.bytes)} as JSON in ${plain.ms.toFixed(0)} ms; ` +
      `${mb(compressed.bytes)} with ${compressed.encoding} (${(plain.bytes / compressed.bytes).toFixed(1)}× smaller) in ${compressed.ms.toFixed(0)} ms`,
  );
}

/** Runs the listings benchmark against a running stack; prints one table per size. */
export async function benchListings(opts: { mongoUrl: string; gatewayUrl: string; listingsUrl: string; measure: Measure; sizes?: number[] }): Promise<void> {
  const client = new MongoClient(opts.mongoUrl, { maxPoolSize: 20 });
  const col = client.db('listings').collection<ListingDoc>('listings');
  const bare = await bareListingsServer(col);
  try {
    for (const size of opts.sizes ?? [10_000, 100_000]) {
      const t0 = Date.now();
      await seedListings(col, size);
      console.log(`\nbench: ${size} listings (seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
      printThreeWayHeader();
      for (const [label, pathAndQuery] of await listingQueries(col)) {
        await threeWays(opts.measure, label, 'listings', pathAndQuery, { gateway: opts.gatewayUrl, service: opts.listingsUrl, bare });
      }
      await printFullList(opts.gatewayUrl, size);
    }
  } finally {
    await bare.close();
    await client.close();
  }
}
