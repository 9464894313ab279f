import {
  LISTING_CATEGORIES,
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

/** Listings per scanned string: a change rebuilds only its chunk's string. */
const CHUNK = 1024;
/** Separates two listings' texts in a chunk: a control character, which a search (QueryTextSchema) never holds. */
const SEP = '\u0000';

interface Slot {
  listing: Listing;
  /** `title\ndescription`, lower-cased: the §9 rule's folding (`toLowerCase().includes`). */
  lower: string;
  created: number;
  price: number | null;
}

/**
 * The listings as GET /api/listings serves them, in memory, for the §9 rules exactly: search is a lower-cased
 * substring of the title or the description, found by a scan over one joined string per chunk of listings (no word
 * index answers "ike" in "bike"); category exactly; location by lower-cased substring; price by bucket, where listings
 * without a price pass. Orders are kept sorted as listings come and go (binary insertion), the same orders as the
 * listings service's MongoDB sorts, so a page here is the page there.
 */
export class ListingsIndex {
  private slots: Array<Slot | null> = [];
  private free: number[] = [];
  private slotOf = new Map<string, number>();
  private chunkText: Array<{ text: string; starts: Int32Array } | null> = [];
  private newest: number[] = []; // createdAt desc, id desc (oldest: the same read backwards)
  private priceAsc: number[] = []; // price asc with no price first (MongoDB's order for null), then newest
  private priceDesc: number[] = []; // price desc with no price last, then newest

  get size(): number {
    return this.slotOf.size;
  }

  get(id: string): Listing | undefined {
    const s = this.slotOf.get(id);
    return s === undefined ? undefined : this.slots[s]!.listing;
  }

  /** Every listing held (for snapshots and tests), in no particular order. */
  all(): Listing[] {
    return [...this.slotOf.values()].map((s) => this.slots[s]!.listing);
  }

  put(listing: Listing): void {
    this.remove(listing.id);
    const slot: Slot = {
      listing,
      lower: `${listing.title.toLowerCase()}\n${listing.description.toLowerCase()}`,
      created: Date.parse(listing.createdAt),
      price: listing.price ?? null,
    };
    const s = this.free.pop() ?? this.slots.length;
    this.slots[s] = slot;
    this.slotOf.set(listing.id, s);
    this.chunkText[Math.floor(s / CHUNK)] = null;
    insertSorted(this.newest, s, this.byNewest);
    insertSorted(this.priceAsc, s, this.byPriceAsc);
    insertSorted(this.priceDesc, s, this.byPriceDesc);
  }

  remove(id: string): void {
    const s = this.slotOf.get(id);
    if (s === undefined) return;
    removeSorted(this.newest, s, this.byNewest);
    removeSorted(this.priceAsc, s, this.byPriceAsc);
    removeSorted(this.priceDesc, s, this.byPriceDesc);
    this.slots[s] = null;
    this.slotOf.delete(id);
    this.free.push(s);
    this.chunkText[Math.floor(s / CHUNK)] = null;
  }

  private byNewest = (a: number, b: number): number => {
    const x = this.slots[a]!;
    const y = this.slots[b]!;
    if (x.created !== y.created) return y.created - x.created;
    return x.listing.id < y.listing.id ? 1 : x.listing.id > y.listing.id ? -1 : 0;
  };

  private byPriceAsc = (a: number, b: number): number => {
    const x = this.slots[a]!.price;
    const y = this.slots[b]!.price;
    if (x !== y) return x === null ? -1 : y === null ? 1 : x - y;
    return this.byNewest(a, b);
  };

  private byPriceDesc = (a: number, b: number): number => {
    const x = this.slots[a]!.price;
    const y = this.slots[b]!.price;
    if (x !== y) return x === null ? 1 : y === null ? -1 : y - x;
    return this.byNewest(a, b);
  };

  /** The slots whose text holds `needle` (already lower-cased), marked in a byte per slot. */
  private scan(needle: string): Uint8Array {
    const hit = new Uint8Array(this.slots.length);
    for (let c = 0; c * CHUNK < this.slots.length; c += 1) {
      const chunk = this.chunkText[c] ?? this.joinChunk(c);
      const { text, starts } = chunk;
      let at = text.indexOf(needle);
      let k = 0;
      while (at >= 0) {
        while (starts[k + 1]! <= at) k += 1;
        hit[c * CHUNK + k] = 1;
        at = text.indexOf(needle, starts[k + 1]!);
      }
    }
    return hit;
  }

  private joinChunk(c: number) {
    const end = Math.min(this.slots.length, (c + 1) * CHUNK);
    const parts: string[] = [];
    const starts = new Int32Array(end - c * CHUNK + 1);
    let off = 0;
    for (let s = c * CHUNK; s < end; s += 1) {
      const text = this.slots[s]?.lower ?? '';
      starts[s - c * CHUNK] = off;
      parts.push(text);
      off += text.length + SEP.length;
    }
    starts[end - c * CHUNK] = off;
    const chunk = { text: parts.join(SEP), starts };
    this.chunkText[c] = chunk;
    return chunk;
  }

  /** One page in the query's order, its total, and the facets (each counted with every other filter applied). */
  query(q: ListingsSearch): { items: Listing[]; total: number; facets: ListingFacets } {
    const search = (q.search ?? '').trim().toLowerCase();
    const hits = search ? this.scan(search) : null;
    const locationOk = new Map<string, boolean>();
    const inLocation = (location: string) => {
      let ok = locationOk.get(location);
      if (ok === undefined) locationOk.set(location, (ok = listingMatchesFilters({ title: '', description: '', category: '', location }, { location: q.location })));
      return ok;
    };
    const facets: ListingFacets = {
      category: Object.fromEntries(LISTING_CATEGORIES.map((c) => [c, 0])),
      location: Object.fromEntries(LOCATIONS.map((l) => [l, 0])),
      priceRange: Object.fromEntries(PRICE_BUCKET_IDS.map((b) => [b, 0])) as Record<PriceBucketId, number>,
    };
    const passes = new Uint8Array(this.slots.length);
    let total = 0;
    for (let s = 0; s < this.slots.length; s += 1) {
      const slot = this.slots[s];
      if (!slot || (hits && hits[s] === 0)) continue;
      const l = slot.listing;
      if ((q.tier && l.tier !== q.tier) || (q.userId && l.userId !== q.userId)) continue;
      const c = !q.category || l.category === q.category;
      const loc = !q.location || inLocation(l.location);
      const p = !q.priceRange || priceBucketMatches(slot.price, q.priceRange);
      if (loc && p) facets.category[l.category] = (facets.category[l.category] ?? 0) + 1;
      if (c && p) facets.location[l.location] = (facets.location[l.location] ?? 0) + 1;
      if (c && loc) for (const b of PRICE_BUCKET_IDS) if (priceBucketMatches(slot.price, b)) facets.priceRange[b] += 1;
      if (c && loc && p) {
        passes[s] = 1;
        total += 1;
      }
    }
    const items: Listing[] = [];
    const skip = (q.page - 1) * q.pageSize;
    const order = q.sort === 'price-asc' ? this.priceAsc : q.sort === 'price-desc' ? this.priceDesc : this.newest;
    const backwards = q.sort === 'oldest';
    let seen = 0;
    for (let k = 0; k < order.length && items.length < q.pageSize && seen < total; k += 1) {
      const s = order[backwards ? order.length - 1 - k : k]!;
      if (passes[s] === 0) continue;
      if (seen >= skip) items.push(this.slots[s]!.listing);
      seen += 1;
    }
    return { items, total, facets };
  }
}

function lowerBound(arr: number[], s: number, cmp: (a: number, b: number) => number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(arr[mid]!, s) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insertSorted(arr: number[], s: number, cmp: (a: number, b: number) => number): void {
  arr.splice(lowerBound(arr, s, cmp), 0, s);
}

/** Removes `s` (its slot still holds the values it was sorted by). */
function removeSorted(arr: number[], s: number, cmp: (a: number, b: number) => number): void {
  let k = lowerBound(arr, s, cmp);
  while (k < arr.length && arr[k] !== s) k += 1;
  if (k < arr.length) arr.splice(k, 1);
}
