/**
 * Directory read benchmark (issue 12, issue 24 §2): GET /api/businesses (premium first, newest) and a Yellow Pages
 * category (one main category) as the screens ask for them — cursor pages of 24 — with 10,000 businesses in MongoDB:
 * the first page of each and a page half-way down the category, three ways in the same run: through the gateway, the
 * directory service directly, and a bare node:http server running the very same queries (the same keyset from the
 * cursor, filter, order, limit and mapper) on the raw driver with no framework. Each row set prints the goal beside the
 * gateway's figures (p50 ≤ 20 ms, ≥ 0.6× bare). Loopback only; bounded in time (the caller's `measure`).
 */
import { randomUUID } from 'node:crypto';
import { MongoClient, type Collection } from 'mongodb';
import { BusinessesQuerySchema, YELLOW_PAGES_MAIN_CATEGORIES, YELLOW_PAGES_TREE, YellowPagesQuerySchema } from '@cp/contracts';
import { cursorAfter, sortOf } from '@cp/service-kit';
import { BUSINESS_ORDER, type BusinessDoc } from '../../services/directory/src/data/businesses-repository.ts';
import { toBusiness } from '../../services/directory/src/data/business-mapper.ts';
import type { Measure } from './measure.ts';
import { answerCursorPage, listenBare, printPagedGoal, printThreeWayHeader, threeWays, type BareServer } from './bare-server.ts';

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
  for (let start = have; start < target; start += 5_000) {
    const end = Math.min(target, start + 5_000);
    await col.insertMany(Array.from({ length: end - start }, (_, k) => makeBusiness(start + k, now)));
  }
}

function bareDirectoryServer(col: Collection<BusinessDoc>): Promise<BareServer> {
  return listenBare(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://bare');
    const query = Object.fromEntries(url.searchParams);
    // The same page as the service: the query checked by the contract, the keyset after the cursor, limit + 1 read.
    const q = url.pathname === '/api/yellow-pages' ? YellowPagesQuerySchema.parse(query) : { ...BusinessesQuerySchema.parse(query), mainCategory: undefined };
    await answerCursorPage(res, col, q.mainCategory ? { mainCategory: q.mainCategory } : {}, q, BUSINESS_ORDER, toBusiness);
  });
}

export async function benchDirectory(opts: { mongoUrl: string; gatewayUrl: string; directoryUrl: string; measure: Measure; size?: number }): Promise<void> {
  const size = opts.size ?? 10_000;
  const client = new MongoClient(opts.mongoUrl, { maxPoolSize: 20 });
  const col = client.db('directory').collection<BusinessDoc>('businesses');
  const bare = await bareDirectoryServer(col);
  try {
    await seedBusinesses(col, size);
    const inMain = await col.countDocuments({ mainCategory: YP_MAIN });
    console.log(`\nbench: the directory with ${await col.countDocuments()} businesses (${inMain} in ${YP_MAIN})`);
    printThreeWayHeader();
    const bases = { gateway: opts.gatewayUrl, service: opts.directoryUrl, bare };
    const ypPath = `/api/yellow-pages?mainCategory=${encodeURIComponent(YP_MAIN)}&limit=24`;
    // A page half-way down the category: the cursor after its business at the middle (what Load more would send there).
    const middle = await col.find({ mainCategory: YP_MAIN }).sort(sortOf(BUSINESS_ORDER)).skip(Math.floor(inMain / 2)).limit(1).next();
    const deep = middle ? cursorAfter(middle as unknown as Record<string, unknown>, BUSINESS_ORDER) : undefined;
    for (const [label, path] of [
      ['businesses: first page', '/api/businesses?limit=24'],
      [`Yellow Pages ${YP_MAIN}: first page`, ypPath],
      ...(deep ? [[`Yellow Pages ${YP_MAIN}: half-way down`, `${ypPath}&cursor=${deep}`] as const] : []),
    ] as const) {
      printPagedGoal(label, await threeWays(opts.measure, label, 'directory', path, bases));
    }
  } finally {
    await bare.close();
    await client.close();
  }
}
