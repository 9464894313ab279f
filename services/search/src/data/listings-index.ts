import {
  LISTING_CATEGORIES,
  LISTING_TIERS,
  LOCATIONS,
  PRICE_BUCKET_IDS,
  listingMatchesFilters,
  priceBucketMatches,
  type Listing,
  type ListingFacets,
  type PriceBucketId,
} from '@cp/contracts';

/** The listings query after validation (ListingsQuerySchema's output). */
export interface ListingsSearch {
  search?: string | undefined;
  category?: string | undefined;
  location?: string | undefined;
  priceRange?: PriceBucketId | undefined;
  tier?: string | undefined;
  userId?: string | undefined;
  sort: 'newest' | 'oldest' | 'price-asc' | 'price-desc';
  page: number;
  pageSize: number;
}

/** Joins a listing's lower-cased title and description: a control character, which a search (QueryTextSchema) never holds. */
const SEP = '\u0000';
/** Listings added since the orders were sorted, past which one full sort is cheaper than inserting each. */
const RESORT_AFTER = 64;
/** Searches whose checked hits are kept until the next change (oldest asked first out). */
const SEARCH_CACHE_SIZE = 64;
/** Price classes: 0 no price (passes every bucket), 1..5 the bucket (PRICE_BUCKET_IDS' order), 6 a price in none. */
const NO_PRICE = 0;
const NO_BUCKET = PRICE_BUCKET_IDS.length + 1;

/** Three UTF-16 code units as one number (< 2^48): the key of a trigram's posting list. */
const gramAt = (text: string, i: number) => text.charCodeAt(i) * 4_294_967_296 + text.charCodeAt(i + 1) * 65_536 + text.charCodeAt(i + 2);

/** A growable list of slots, in the order they were added (so ascending: slots only grow). */
class SlotList {
  items = new Int32Array(4);
  length = 0;
  push(s: number): void {
    if (this.length === this.items.length) {
      const next = new Int32Array(this.items.length * 2);
      next.set(this.items);
      this.items = next;
    }
    this.items[this.length++] = s;
  }
}

/** Strings numbered in the order first seen (categories, locations, tiers: a handful each). */
class Codes {
  readonly names: string[] = [];
  private byName = new Map<string, number>();
  constructor(known: readonly string[]) {
    for (const name of known) this.code(name);
  }
  code(name: string): number {
    let c = this.byName.get(name);
    if (c === undefined) {
      c = this.names.length;
      this.names.push(name);
      this.byName.set(name, c);
    }
    return c;
  }
  find(name: string): number | undefined {
    return this.byName.get(name);
  }
}

/** A growable typed array per field of a slot. */
function grown<T extends Float64Array | Int32Array | Uint32Array | Uint8Array | Uint16Array>(a: T, size: number): T {
  if (size <= a.length) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(size, a.length * 2));
  next.set(a);
  return next;
}

/**
 * The listings as GET /api/listings serves them, in memory, for the §9 rules exactly: search is a lower-cased
 * substring of the title or the description; category exactly; location by lower-cased substring; price by bucket,
 * where listings without a price pass. No word index answers "ike" in "bike", so a search of 3 characters or more
 * takes its candidates from a trigram index (every trigram of the search is in every listing that holds it: the
 * smallest posting list of its trigrams holds every hit), and each candidate is checked with `includes` on the same
 * lower-cased text, so the answer is the rule itself; a shorter search checks every listing. The orders are kept as
 * sorted slot arrays with each slot's rank (newest first, the id breaking ties; price up with no price first, down with
 * no price last, ties newest first), so a page here is client mode's page over the full list.
 *
 * Slots only grow: a changed listing takes a new slot and its old one is marked dead (posting lists, orders and the
 * owner's list keep it until the next compaction, skipped by `alive`), so an event costs its trigrams and nothing
 * proportional to the index. When dead slots outnumber live ones, everything is rebuilt from the live listings.
 */
export class ListingsIndex {
  private listings: Array<Listing | null> = [];
  private texts: Array<string | null> = [];
  private slotOf = new Map<string, number>();
  private alive = new Uint8Array(1024);
  private created = new Float64Array(1024);
  private price = new Float64Array(1024); // NaN: no price
  private priceClass = new Uint8Array(1024);
  private cat = new Uint16Array(1024);
  private loc = new Uint16Array(1024);
  private tier = new Uint8Array(1024);
  private mark = new Uint32Array(1024);
  private markGen = 0;
  private dead = 0;
  private cats = new Codes(LISTING_CATEGORIES);
  private locs = new Codes(LOCATIONS);
  private tiers = new Codes(LISTING_TIERS);
  private grams = new Map<number, SlotList>();
  private byUser = new Map<string, SlotList>();
  /** Live listings per (category, location, price class, tier): the unfiltered facets and totals without a pass. */
  private cube = new Map<number, number>();
  /** Slots sorted newest first (oldest: read backwards), price up (no price first) and price down (no price last). */
  private orders = { newest: new Int32Array(0), priceAsc: new Int32Array(0), priceDesc: new Int32Array(0) };
  private ranks = { newest: new Int32Array(0), priceAsc: new Int32Array(0), priceDesc: new Int32Array(0) };
  private unsorted: number[] = [];
  /** Changes so far (puts and removes): the search cache holds only answers of the current state. */
  private changes = 0;
  private cacheStamp = 0;
  private searchCache = new Map<string, Int32Array>();

  get size(): number {
    return this.slotOf.size;
  }

  /** Slots held, live and dead (dead ones until the next compaction). */
  get slots(): number {
    return this.listings.length;
  }

  /** Distinct trigrams with a posting list (what the text filter's memory grows with, beside the slots). */
  get trigrams(): number {
    return this.grams.size;
  }

  get(id: string): Listing | undefined {
    const s = this.slotOf.get(id);
    return s === undefined ? undefined : this.listings[s]!;
  }

  /** Every listing held (for snapshots and tests), in no particular order. */
  all(): Listing[] {
    return [...this.slotOf.values()].map((s) => this.listings[s]!);
  }

  put(listing: Listing): void {
    this.remove(listing.id);
    this.changes += 1;
    const s = this.listings.length;
    const size = s + 1;
    this.alive = grown(this.alive, size);
    this.created = grown(this.created, size);
    this.price = grown(this.price, size);
    this.priceClass = grown(this.priceClass, size);
    this.cat = grown(this.cat, size);
    this.loc = grown(this.loc, size);
    this.tier = grown(this.tier, size);
    this.mark = grown(this.mark, size);
    const text = `${listing.title.toLowerCase()}${SEP}${listing.description.toLowerCase()}`;
    this.listings.push(listing);
    this.texts.push(text);
    this.slotOf.set(listing.id, s);
    this.alive[s] = 1;
    this.created[s] = Date.parse(listing.createdAt);
    const price = listing.price ?? null;
    this.price[s] = price ?? Number.NaN;
    const bucket = PRICE_BUCKET_IDS.findIndex((b) => priceBucketMatches(price, b));
    this.priceClass[s] = price === null ? NO_PRICE : bucket < 0 ? NO_BUCKET : bucket + 1;
    this.cat[s] = this.cats.code(listing.category);
    this.loc[s] = this.locs.code(listing.location);
    this.tier[s] = this.tiers.code(listing.tier);
    this.count(s, 1);
    let mine = this.byUser.get(listing.userId);
    if (!mine) this.byUser.set(listing.userId, (mine = new SlotList()));
    mine.push(s);
    for (let i = 0; i + 3 <= text.length; i += 1) {
      if (text.charCodeAt(i) === 0 || text.charCodeAt(i + 1) === 0 || text.charCodeAt(i + 2) === 0) continue;
      const g = gramAt(text, i);
      let list = this.grams.get(g);
      if (!list) this.grams.set(g, (list = new SlotList()));
      if (list.length === 0 || list.items[list.length - 1] !== s) list.push(s); // once per listing
    }
    this.unsorted.push(s);
  }

  remove(id: string): void {
    const s = this.slotOf.get(id);
    if (s === undefined) return;
    this.slotOf.delete(id);
    this.changes += 1;
    this.alive[s] = 0;
    this.texts[s] = null;
    this.count(s, -1);
    this.dead += 1;
    if (this.dead > 1024 && this.dead > this.slotOf.size) this.compact();
  }

  private cubeKey(s: number): number {
    return ((this.cat[s]! * 65_536 + this.loc[s]!) * 8 + this.priceClass[s]!) * 256 + this.tier[s]!;
  }

  private count(s: number, by: number): void {
    const key = this.cubeKey(s);
    const n = (this.cube.get(key) ?? 0) + by;
    if (n === 0) this.cube.delete(key);
    else this.cube.set(key, n);
  }

  /** Rebuilds everything from the live listings, in their current slot order (so ties and orders stay the same). */
  private compact(): void {
    const live = [...this.slotOf.values()].sort((a, b) => a - b).map((s) => this.listings[s]!);
    const fresh = new ListingsIndex();
    for (const l of live) fresh.put(l);
    const changes = this.changes;
    Object.assign(this, fresh);
    this.changes = changes + 1; // slots were renumbered: no cached search survives
    this.cacheStamp = -1;
  }

  /** The three orders' comparisons, reading the slot fields as they are when called. */
  private comparators() {
    const byNewest = (a: number, b: number): number => {
      const x = this.created[a]!;
      const y = this.created[b]!;
      if (x !== y) return y - x;
      const i = this.listings[a]!.id;
      const j = this.listings[b]!.id;
      return i < j ? 1 : i > j ? -1 : 0;
    };
    const byPrice =
      (desc: boolean) =>
      (a: number, b: number): number => {
        const x = this.price[a]!;
        const y = this.price[b]!;
        const xn = Number.isNaN(x);
        const yn = Number.isNaN(y);
        if (xn !== yn) return xn === desc ? 1 : -1; // no price first going up, last going down (MongoDB's null)
        if (!xn && x !== y) return desc ? y - x : x - y;
        return byNewest(a, b);
      };
    return { newest: byNewest, priceAsc: byPrice(false), priceDesc: byPrice(true) };
  }

  /** Brings the orders up to date: a few new slots inserted in place, many (a catch-up) by one sort of the live slots. */
  private settle(): void {
    if (this.unsorted.length === 0) return;
    const cmps = this.comparators();
    const keys = Object.keys(cmps) as Array<keyof typeof cmps>;
    if (this.unsorted.length > RESORT_AFTER) {
      const live = Int32Array.from([...this.slotOf.values()]);
      for (const k of keys) this.orders[k] = live.slice().sort(cmps[k]);
    } else {
      for (const k of keys) {
        let order = this.orders[k];
        for (const s of this.unsorted) {
          if (this.alive[s] === 0) continue;
          const at = lowerBound(order, s, cmps[k]);
          const next = new Int32Array(order.length + 1);
          next.set(order.subarray(0, at));
          next[at] = s;
          next.set(order.subarray(at), at + 1);
          order = next;
        }
        this.orders[k] = order;
      }
    }
    this.unsorted = [];
    for (const k of keys) {
      const order = this.orders[k];
      const rank = new Int32Array(this.listings.length);
      for (let r = 0; r < order.length; r += 1) rank[order[r]!] = r;
      this.ranks[k] = rank;
    }
  }

  /** One page in the query's order, its total, and the facets (each counted with every other filter applied). */
  query(q: ListingsSearch): { items: Listing[]; total: number; facets: ListingFacets } {
    this.settle();
    const search = (q.search ?? '').trim().toLowerCase();
    const catWanted = q.category ? (this.cats.find(q.category) ?? -1) : -2;
    const tierWanted = q.tier ? (this.tiers.find(q.tier) ?? -1) : -2;
    const bucket = q.priceRange ? PRICE_BUCKET_IDS.indexOf(q.priceRange) + 1 : 0;
    const locOk = new Uint8Array(this.locs.names.length);
    for (let c = 0; c < locOk.length; c += 1) {
      locOk[c] = !q.location || listingMatchesFilters({ title: '', description: '', category: '', location: this.locs.names[c]! }, { location: q.location }) ? 1 : 0;
    }
    const catCounts = new Float64Array(this.cats.names.length);
    const locCounts = new Float64Array(this.locs.names.length);
    const classCounts = new Float64Array(NO_BUCKET + 1);
    const tally = (cat: number, loc: number, pc: number, tier: number, n: number): boolean => {
      if (tierWanted !== -2 && tier !== tierWanted) return false;
      const c = catWanted === -2 || cat === catWanted;
      const l = locOk[loc] === 1;
      const p = bucket === 0 || pc === NO_PRICE || pc === bucket;
      if (l && p) catCounts[cat] = catCounts[cat]! + n;
      if (c && p) locCounts[loc] = locCounts[loc]! + n;
      if (c && l) classCounts[pc] = classCounts[pc]! + n;
      return c && l && p;
    };

    let total = 0;
    let hits: Int32Array | null = null; // the passing slots, when the query has candidates (search or owner)
    if (search || q.userId) {
      const cached = q.userId ? undefined : this.searched(search);
      const { slots: candidates, exact } = cached ? { slots: cached, exact: true } : this.candidates(search, q.userId);
      const out = new Int32Array(candidates.length);
      const verify = search.includes(SEP) ? (s: number) => listingMatchesFilters(this.listings[s]!, { search }) : (s: number) => this.texts[s]!.includes(search);
      for (let k = 0; k < candidates.length; k += 1) {
        const s = candidates[k]!;
        if (this.alive[s] === 0) continue;
        if (q.userId && this.listings[s]!.userId !== q.userId) continue;
        if (search && !exact && !verify(s)) continue;
        if (tally(this.cat[s]!, this.loc[s]!, this.priceClass[s]!, this.tier[s]!, 1)) out[total++] = s;
      }
      hits = out.subarray(0, total);
    } else {
      for (const [key, n] of this.cube) {
        const tier = key % 256;
        const pc = Math.floor(key / 256) % 8;
        const loc = Math.floor(key / 2048) % 65_536;
        const cat = Math.floor(key / 134_217_728);
        if (tally(cat, loc, pc, tier, n)) total += n;
      }
    }

    const facets: ListingFacets = {
      category: Object.fromEntries(LISTING_CATEGORIES.map((c) => [c, 0])),
      location: Object.fromEntries(LOCATIONS.map((l) => [l, 0])),
      priceRange: Object.fromEntries(PRICE_BUCKET_IDS.map((b) => [b, 0])) as Record<PriceBucketId, number>,
    };
    catCounts.forEach((n, c) => n > 0 && (facets.category[this.cats.names[c]!] = n));
    locCounts.forEach((n, l) => n > 0 && (facets.location[this.locs.names[l]!] = n));
    PRICE_BUCKET_IDS.forEach((b, i) => (facets.priceRange[b] = classCounts[NO_PRICE]! + classCounts[i + 1]!));

    const skip = (q.page - 1) * q.pageSize;
    const want = Math.min(q.pageSize, Math.max(0, total - skip));
    const key = q.sort === 'price-asc' ? 'priceAsc' : q.sort === 'price-desc' ? 'priceDesc' : 'newest';
    const order = this.orders[key];
    const backwards = q.sort === 'oldest';
    const at = (r: number) => order[backwards ? order.length - 1 - r : r]!;
    const items: Listing[] = [];
    if (want === 0) return { items, total, facets };
    // Walking the order costs about (skip + want) × listings / total steps; sorting the hits' ranks about total.
    if (hits && hits.length * 8 < ((skip + want) * this.slotOf.size) / Math.max(1, total)) {
      const rank = this.ranks[key];
      const ranked = Int32Array.from(hits, (s) => (backwards ? order.length - 1 - rank[s]! : rank[s]!)).sort();
      for (let k = skip; k < skip + want; k += 1) items.push(this.listings[at(ranked[k]!)]!);
      return { items, total, facets };
    }
    let passes: (s: number) => boolean;
    if (hits) {
      const gen = ++this.markGen;
      for (const s of hits) this.mark[s] = gen;
      passes = (s) => this.mark[s] === gen;
    } else {
      passes = (s) => this.alive[s] === 1 && tally(this.cat[s]!, this.loc[s]!, this.priceClass[s]!, this.tier[s]!, 0);
    }
    let seen = 0;
    for (let r = 0; r < order.length && items.length < want; r += 1) {
      const s = at(r);
      if (!passes(s)) continue;
      if (seen >= skip) items.push(this.listings[s]!);
      seen += 1;
    }
    return { items, total, facets };
  }

  /**
   * The slots holding a search, checked, for the searches asked since the last change (a few dozen at most): the
   * same search with other filters, another order or the next page skips the check of its candidates.
   */
  private searched(search: string): Int32Array {
    if (this.cacheStamp !== this.changes) {
      this.searchCache.clear();
      this.cacheStamp = this.changes;
    }
    let hits = this.searchCache.get(search);
    if (hits) return hits;
    const { slots, exact } = this.candidates(search, undefined);
    const out = new Int32Array(slots.length);
    let n = 0;
    for (const s of slots) if (this.alive[s] === 1 && (exact || (search.includes(SEP) ? listingMatchesFilters(this.listings[s]!, { search }) : this.texts[s]!.includes(search)))) out[n++] = s;
    hits = out.slice(0, n);
    if (this.searchCache.size >= SEARCH_CACHE_SIZE) this.searchCache.delete(this.searchCache.keys().next().value!);
    this.searchCache.set(search, hits);
    return hits;
  }

  /**
   * Slots that may hold the search (and belong to the owner, when asked): the intersection of the search's trigram
   * posting lists and the owner's list, smallest first (all ascending); every slot for a search under 3 characters
   * without an owner. A slot holding every trigram of a 3-character search holds the search itself.
   */
  private candidates(search: string, userId: string | undefined): { slots: Int32Array; exact: boolean } {
    const lists: Int32Array[] = [];
    if (userId) {
      const mine = this.byUser.get(userId);
      if (!mine) return { slots: new Int32Array(0), exact: true };
      lists.push(mine.items.subarray(0, mine.length));
    }
    if (search.length >= 3 && !search.includes(SEP)) {
      const distinct = new Set<number>();
      for (let i = 0; i + 3 <= search.length; i += 1) distinct.add(gramAt(search, i));
      for (const g of distinct) {
        const list = this.grams.get(g);
        if (!list) return { slots: new Int32Array(0), exact: true };
        lists.push(list.items.subarray(0, list.length));
      }
    }
    if (lists.length === 0) {
      const all = new Int32Array(this.listings.length);
      for (let s = 0; s < all.length; s += 1) all[s] = s;
      return { slots: all, exact: false };
    }
    lists.sort((a, b) => a.length - b.length);
    let slots = lists[0]!;
    for (let k = 1; k < lists.length && slots.length > 0; k += 1) slots = intersect(slots, lists[k]!);
    return { slots, exact: search.length === 3 && !search.includes(SEP) };
  }
}

/** The slots of `a` also in `b` (both ascending): a merge, or binary searches when `b` is much longer. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length);
  let n = 0;
  if (b.length > a.length * 16) {
    let lo = 0;
    for (let i = 0; i < a.length; i += 1) {
      const v = a[i]!;
      let hi = b.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (b[mid]! < v) lo = mid + 1;
        else hi = mid;
      }
      if (lo < b.length && b[lo] === v) out[n++] = v;
    }
  } else {
    let j = 0;
    for (let i = 0; i < a.length; i += 1) {
      const v = a[i]!;
      while (j < b.length && b[j]! < v) j += 1;
      if (j < b.length && b[j] === v) out[n++] = v;
    }
  }
  return out.subarray(0, n);
}

function lowerBound(arr: Int32Array, s: number, cmp: (a: number, b: number) => number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(arr[mid]!, s) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
