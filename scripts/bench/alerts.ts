/**
 * Saved-search alerts (issue 22 §3): matching one new listing against SAVED_SEARCHES saved searches, as the listings
 * service's consumer does it (savedSearchesMatching: the candidates of the listing's category and town read through the
 * `alert_keys` index, then the §9 rule `listingMatchesFilters`), in a database of its own on the bench's MongoDB. The
 * saved searches are spread like people's: a category or any, a town, a part of a town name or any, a search word
 * half the time, a price range a third of the time; a tenth paused (a broad spread: a listing matches hundreds). Prints
 * the time per listing (median, p95, max over LISTINGS listings of every category and town; the goal, ≤ 10 ms, is held
 * against the median: the p95 and max of a MongoDB under wine on shared cores say more about the machine), how many
 * candidates were read and how many matched, and the same with every saved search read (no index) for comparison;
 * fails when the two ways do not find the same matches. Bounded; loopback only.
 */
import { randomUUID } from 'node:crypto';
import { LISTING_CATEGORIES, LOCATIONS, PRICE_BUCKETS, type SavedSearchFilters } from '@cp/contracts';
import { connectMongo } from '@cp/service-kit';
import { SavedSearchesRepository, type SavedSearchDoc } from '../../services/listings/src/data/saved-searches-repository.ts';
import type { ListingDoc } from '../../services/listings/src/data/listings-repository.ts';
import { listingAlertKeys, savedSearchKeys } from '../../services/listings/src/use-cases/alert-keys.ts';
import { savedSearchesMatching } from '../../services/listings/src/use-cases/match-saved-searches.ts';
import { listingMatchesFilters } from '@cp/contracts';

const SAVED_SEARCHES = Number(process.env.BENCH_ALERTS_SEARCHES ?? 10_000);
const LISTINGS = Number(process.env.BENCH_ALERTS_LISTINGS ?? 200);
export const ALERT_MATCH_GOAL_MS = 10;

const WORDS = ['sofa', 'room', 'bedroom', 'tutor', 'cook', 'car', 'honda', 'temple', 'diwali', 'apartment', 'laptop', 'bike', 'sari', 'tabla', 'harmonium', 'job', 'nanny', 'rent', 'garba', 'puja'];
const TOWN_PARTS = ['burg', 'hill', 'camp', 'mechanics', 'enola', 'carlisle'];

/** A small seeded generator: the same corpus every run. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;

function filtersOf(rnd: () => number): SavedSearchFilters {
  const filters: SavedSearchFilters = {};
  if (rnd() < 0.8) filters.category = pick(rnd, LISTING_CATEGORIES);
  const where = rnd();
  if (where < 0.55) filters.location = pick(rnd, LOCATIONS);
  else if (where < 0.7) filters.location = pick(rnd, TOWN_PARTS);
  if (rnd() < 0.5) filters.search = pick(rnd, WORDS);
  if (rnd() < 0.33) filters.priceRange = pick(rnd, PRICE_BUCKETS).id;
  return filters;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export async function benchAlerts(env: { mongoUrl: string }): Promise<{ p50: number; p95: number; max: number }> {
  const conn = await connectMongo(env.mongoUrl, `bench_alerts_${randomUUID().slice(0, 8)}`);
  const repo = new SavedSearchesRepository(conn);
  await repo.init();
  const rnd = seeded(22);
  try {
    const now = new Date();
    const users = Array.from({ length: 2_000 }, () => randomUUID());
    const docs: SavedSearchDoc[] = Array.from({ length: SAVED_SEARCHES }, (_, i) => {
      const filters = filtersOf(rnd);
      return { _id: randomUUID(), userId: users[i % users.length]!, name: `Search ${i}`, filters, frequency: rnd() < 0.5 ? 'instant' : 'daily', paused: rnd() < 0.1, keys: savedSearchKeys(filters), createdAt: now, updatedAt: now };
    });
    for (let i = 0; i < docs.length; i += 1_000) await repo.model.collection.insertMany(docs.slice(i, i + 1_000) as never[]);

    const listings: ListingDoc[] = Array.from({ length: LISTINGS }, (_, i) => {
      const title = `${pick(rnd, WORDS)} ${pick(rnd, WORDS)} for the community`;
      const description = `A listing about ${pick(rnd, WORDS)} and ${pick(rnd, WORDS)}, posted for the bench.`;
      return {
        _id: randomUUID(),
        userId: randomUUID(),
        category: LISTING_CATEGORIES[i % LISTING_CATEGORIES.length]!,
        title,
        description,
        location: LOCATIONS[i % LOCATIONS.length]!,
        price: rnd() < 0.8 ? Math.floor(rnd() * 2_000) : undefined,
        imageUrls: [],
        tier: 'free',
        status: 'active',
        searchText: `${title}\n${description}`.toLowerCase(),
        createdAt: now,
        updatedAt: now,
      };
    });

    // Warm-up (connection pool, index in cache), then each listing once.
    for (const l of listings.slice(0, 20)) await savedSearchesMatching({ savedSearches: repo }, l);
    const times: number[] = [];
    let candidates = 0;
    let matched = 0;
    const matchedOfFirst: number[] = [];
    for (const l of listings) {
      const started = performance.now();
      const found = await savedSearchesMatching({ savedSearches: repo }, l);
      times.push(performance.now() - started);
      matched += found.length;
      if (matchedOfFirst.length < 20) matchedOfFirst.push(found.length);
      candidates += (await repo.candidates(listingAlertKeys(l), l.userId)).length;
    }
    // The same without the index: every active saved search read and tested (what the keys save).
    const scanTimes: number[] = [];
    let scanMatched = 0;
    for (const l of listings.slice(0, 20)) {
      const started = performance.now();
      const all = await repo.model.find({ paused: false }, { userId: 1, filters: 1 }).lean<Array<Pick<SavedSearchDoc, 'userId' | 'filters'>>>().exec();
      scanMatched += all.filter((s) => s.userId !== l.userId && listingMatchesFilters(l, s.filters)).length;
      scanTimes.push(performance.now() - started);
    }
    const indexMatchedFirst = matchedOfFirst.reduce((a, b) => a + b, 0);
    if (indexMatchedFirst !== scanMatched) throw new Error(`alerts bench: the index found ${indexMatchedFirst} matches for the first 20 listings, reading every saved search found ${scanMatched}`);
    const sorted = [...times].sort((a, b) => a - b);
    const scanSorted = [...scanTimes].sort((a, b) => a - b);
    const p50 = percentile(sorted, 0.5);
    const p95 = percentile(sorted, 0.95);
    const max = sorted.at(-1)!;
    console.log('');
    console.log(`saved-search alerts: one new listing matched against ${SAVED_SEARCHES.toLocaleString('en-US')} saved searches (${LISTINGS} listings, every category and town)`);
    console.log('| way | median ms | p95 ms | max ms | saved searches read | matched | goal ≤ 10 ms (median) |');
    console.log('|---|---|---|---|---|---|---|');
    console.log(`| (category, town, price) index + §9 rule | ${p50.toFixed(2)} | ${p95.toFixed(2)} | ${max.toFixed(2)} | ${(candidates / LISTINGS).toFixed(0)} | ${(matched / LISTINGS).toFixed(1)} | ${p50 <= ALERT_MATCH_GOAL_MS ? 'meets' : 'misses'} |`);
    console.log(
      `| every saved search read (no index, 20 listings) | ${percentile(scanSorted, 0.5).toFixed(2)} | ${percentile(scanSorted, 0.95).toFixed(2)} | ${scanSorted.at(-1)!.toFixed(2)} | ${SAVED_SEARCHES.toLocaleString('en-US')} | ${(scanMatched / 20).toFixed(1)} | |`,
    );
    return { p50, p95, max };
  } finally {
    await conn.dropDatabase();
    await conn.close();
  }
}
