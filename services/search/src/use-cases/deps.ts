import type { SearchIndex } from '../data/search-index.ts';

export interface SearchDeps {
  index: SearchIndex;
}
