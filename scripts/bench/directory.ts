/**
 * Directory read benchmark (issue 12): GET /api/businesses (every business, premium first, newest) and a Yellow Pages
 * query (one main category), with 1,000 businesses in MongoDB — more than the community's directory will hold for
 * years — three ways in the same run: through the gateway, the directory service directly, and a bare node:http server
 * running the very same queries (same filter, order and mapper) on the raw driver with no framework. Loopback only;
 * bounded in time (the caller's `measure`).
 */
import { randomUUID } from 'node:crypto';
import { MongoClient, type Collection } from 'mongodb';
import { YELLOW_PAGES_MAIN_CATEGORIES, YELLOW_PAGES_TREE } from '@cp/contracts';
import type { BusinessDoc } from '../../services/directory/src/data/businesses-repository.ts';
import { toBusiness } from '../../services/directory/src/data/business-mapper.ts';
import type { Measure } from './listings.ts';
import { listenBare, printThreeWayHeader, threeWays, type BareServer } from './bare-server.ts';

const ORDER = { premium: -1, createdAt: -1, _id: -1 } as const;
const YP_MAIN = 'Home Repairs';

function makeBusiness(i: number, now: number): BusinessDoc {
  const main = YELLOW_PAGES_MAIN_CATEGORIES[i % YELLOW_PAGES_MAIN_CATEGORIES.length]!;
  const subs: readonly string[] = YELLOW_PAGES_TREE[main];
  const created = new Date(now - i * 3_600_000);
  const reviews = i % 9;
  return {
    _id: randomUUID(),
    userId: randomUUID(),
    name: `Bench Business ${i}`,
    category: main,
    mainCategory: main,
    subCategory: subs.length ? subs[i % subs.length]! : null,
    description: `Business ${i}: family-run, serving Mechanicsburg, Harrisburg, Carlisle, Camp Hill and Enola since ${1990 + (i % 30)}.`,
    address: `${100 + i} Market St, Camp Hill, PA 17011`,
    phone: `717-555-${String(i % 10_000).padStart(4, '0')}`,
    email: i % 2 ? `owner${i}@bench.example` : null,
    website: i % 3 ? `https://business${i}.example` : null,
    logoUrl: null,
    rating: reviews ? Math.round((((i % 5) + 1) * 10 * reviews) / reviews) / 10 : 0,
    ratingTotal: ((i % 5) + 1) * reviews,
    reviewCount: reviews,
    verified: i % 4 === 0,
    premium: i % 10 === 0,
    createdAt: created,
    updatedAt: created,
  };
}

async function seedBusinesses(col: Collection<BusinessDoc>, target: number): Promise<void> {
  const have = await col.countDocuments();
  const now = Date.now() - 365 * 86_400_000; // older than the demo businesses
  if (have < target) await col.insertMany(Array.from({ length: target - have }, (_, k) => makeBusiness(have + k, now)));
}

function bareDirectoryServer(col: Collection<BusinessDoc>): Promise<BareServer> {
  return listenBare(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://bare');
    const main = url.searchParams.get('mainCategory');
    const docs = await col.find(url.pathname === '/api/yellow-pages' && main ? { mainCategory: main } : {}).sort(ORDER).toArray();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(docs.map((d) => toBusiness(d))));
  });
}

export async function benchDirectory(opts: { mongoUrl: string; gatewayUrl: string; directoryUrl: string; measure: Measure; size?: number }): Promise<void> {
  const size = opts.size ?? 1_000;
  const client = new MongoClient(opts.mongoUrl, { maxPoolSize: 20 });
  const col = client.db('directory').collection<BusinessDoc>('businesses');
  const bare = await bareDirectoryServer(col);
  try {
    await seedBusinesses(col, size);
    const inMain = await col.countDocuments({ mainCategory: YP_MAIN });
    console.log(`\nbench: the directory with ${await col.countDocuments()} businesses (${inMain} in ${YP_MAIN})`);
    printThreeWayHeader();
    const bases = { gateway: opts.gatewayUrl, service: opts.directoryUrl, bare };
    await threeWays(opts.measure, 'all businesses', 'directory', '/api/businesses', bases);
    await threeWays(opts.measure, `Yellow Pages: ${YP_MAIN}`, 'directory', `/api/yellow-pages?mainCategory=${encodeURIComponent(YP_MAIN)}`, bases);
  } finally {
    await bare.close();
    await client.close();
  }
}
