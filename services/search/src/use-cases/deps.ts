import type { SearchIndex } from '../data/search-index.ts';
import type { SitemapEntries } from '../data/sitemap-entries.ts';

export interface SearchDeps {
  index: SearchIndex;
  /** The sitemap pages' sorted entries, derived from the index. */
  sitemap: SitemapEntries;
}
