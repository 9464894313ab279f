import { SITEMAP_PAGE_MAX, type Business, type ForumPost, type Listing, type SitemapEntry, type SitemapKind } from '@cp/contracts';
import type { SearchIndex } from './search-index.ts';

const KIND_OF = { listings: 'listing', posts: 'post', businesses: 'business' } as const;

/**
 * Whether a document may be named to search engines: whatever moderation lets the public see (not hidden, its author
 * not banned: the index decides). Deletes leave the index, and the site shows a listing whatever its status. Issues
 * that add other states decide it here (and only here), e.g. `doc.status === 'active'` for listings.
 */
export function isPublic(index: SearchIndex, kind: SitemapKind, doc: Listing | ForumPost | Business): boolean {
  if (kind === 'listings') return index.isListingPublic(doc as Listing);
  return index.isVisible(KIND_OF[kind], doc);
}

interface Sorted {
  revision: number;
  entries: SitemapEntry[];
}

/** The later of two ISO times (a business's event time can be older than its createdAt only by clock skew). */
const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

/**
 * The public documents of each kind in a stable order for the sitemaps: creation time, then id (ids never change and
 * are never reused), so a new document lands on the last page and the pages before it keep their URLs. Each entry's
 * `lastmod` is the document's own last change: a listing's and a post's `updatedAt`, a business's last created or
 * updated event (its API document has no updatedAt).
 *
 * The sorted list of a kind is built at the first request after a change of that kind and kept until the next one, so
 * the crawler's requests for the pages of one sitemap cost one sort, not one each.
 */
export class SitemapEntries {
  private sorted = new Map<SitemapKind, Sorted>();

  private readonly index: SearchIndex;

  constructor(index: SearchIndex) {
    this.index = index;
  }

  page(kind: SitemapKind, page: number, pageSize: number): { total: number; items: SitemapEntry[] } {
    const all = this.entries(kind);
    const from = (page - 1) * pageSize;
    return { total: all.length, items: all.slice(from, from + pageSize) };
  }

  /** The total and, per page of `pageSize`, its latest lastmod (the first SITEMAP_PAGE_MAX pages). */
  summary(kind: SitemapKind, pageSize: number): { total: number; pages: Array<{ lastmod: string }> } {
    const all = this.entries(kind);
    const pages: Array<{ lastmod: string }> = [];
    for (let from = 0; from < all.length && pages.length < SITEMAP_PAGE_MAX; from += pageSize) {
      let latest = all[from]!.lastmod;
      let latestMs = Date.parse(latest);
      for (let i = from + 1; i < Math.min(all.length, from + pageSize); i++) {
        const ms = Date.parse(all[i]!.lastmod);
        if (ms > latestMs) [latest, latestMs] = [all[i]!.lastmod, ms];
      }
      pages.push({ lastmod: latest });
    }
    return { total: all.length, pages };
  }

  private entries(kind: SitemapKind): SitemapEntry[] {
    const revision = this.index.revision(KIND_OF[kind]);
    const held = this.sorted.get(kind);
    if (held && held.revision === revision) return held.entries;
    const rows: Array<{ created: number; entry: SitemapEntry }> = [];
    if (kind === 'listings') {
      for (const l of this.index.listings.all()) if (isPublic(this.index, kind, l)) rows.push({ created: Date.parse(l.createdAt), entry: { id: l.id, lastmod: l.updatedAt } });
    } else if (kind === 'posts') {
      for (const p of this.index.allPosts()) if (isPublic(this.index, kind, p)) rows.push({ created: Date.parse(p.createdAt), entry: { id: p.id, lastmod: p.updatedAt } });
    } else {
      for (const { business: b, version } of this.index.allBusinesses()) if (isPublic(this.index, kind, b)) rows.push({ created: Date.parse(b.createdAt), entry: { id: b.id, lastmod: later(version, b.createdAt) } });
    }
    rows.sort((a, b) => a.created - b.created || (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0));
    const entries = rows.map((r) => r.entry);
    this.sorted.set(kind, { revision, entries });
    return entries;
  }
}
