import MiniSearch from 'minisearch';
import { SEARCH_HIT_TYPES, SEARCH_SNIPPET_MAX, searchHitUrl, type SearchHit, type SearchHitType } from '@cp/contracts';

interface WordsDoc {
  key: string;
  type: SearchHitType;
  id: string;
  title: string;
  text: string;
}

/** How far a word may be from what was typed: MiniSearch's fuzzy share of the word's length (1 edit from 5 letters, 2 from 8). */
const FUZZY = 0.2;

/** A hit's short text: whitespace folded, cut at SEARCH_SNIPPET_MAX characters with an ellipsis. */
export function snippetOf(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= SEARCH_SNIPPET_MAX ? clean : `${clean.slice(0, SEARCH_SNIPPET_MAX - 3)}...`;
}

/**
 * Words across listings, businesses and forum posts: MiniSearch (chosen by measurement, scripts/bench/search-libraries.ts)
 * with prefix matching and typo tolerance (edit distance), title words weighted double. Best first.
 */
export class WordsIndex {
  /**
   * The clean-up of removed and replaced words (MiniSearch's auto vacuum) runs as one batch: in batches it pauses
   * between event-loop turns, and a change made during a pause breaks its walk of the word tree (lucaong/minisearch#306),
   * an unhandled rejection that ends the process. One batch never pauses; it runs when a tenth of the documents have
   * changed since the last one (MiniSearch's default conditions).
   */
  private mini = new MiniSearch<WordsDoc>({ idField: 'key', fields: ['title', 'text'], storeFields: [], autoVacuum: { batchSize: Number.MAX_SAFE_INTEGER } });
  private docs = new Map<string, WordsDoc>();

  /**
   * What the words index holds: its distinct words (the word tree's size) and the removed or replaced documents whose
   * words are still in the tree until the next clean-up.
   */
  get stats(): { terms: number; removedNotCleaned: number } {
    return { terms: this.mini.termCount, removedNotCleaned: this.mini.dirtCount };
  }

  put(type: SearchHitType, id: string, title: string, text: string): void {
    const key = `${type}:${id}`;
    const doc: WordsDoc = { key, type, id, title, text };
    if (this.docs.has(key)) this.mini.replace(doc);
    else this.mini.add(doc);
    this.docs.set(key, doc);
  }

  remove(type: SearchHitType, id: string): void {
    const key = `${type}:${id}`;
    if (!this.docs.has(key)) return;
    this.mini.discard(key);
    this.docs.delete(key);
  }

  /**
   * The hits for the words, best first, optionally of one type: `limit` of them from `offset` (all by default), with
   * how many there are (of that type) and the count of each type. Counting reads only the raw results; a hit (its
   * snippet, its URL) is built only for the slice returned, so a request costs its page, not every match.
   */
  search(q: string, opts: { type?: SearchHitType | undefined; offset?: number; limit?: number } = {}): { hits: SearchHit[]; total: number; counts: Record<SearchHitType, number> } {
    const { type, offset = 0, limit = Infinity } = opts;
    const counts = Object.fromEntries(SEARCH_HIT_TYPES.map((t) => [t, 0])) as Record<SearchHitType, number>;
    const kept: WordsDoc[] = [];
    let total = 0;
    for (const r of this.mini.search(q, { prefix: true, fuzzy: FUZZY, combineWith: 'AND', boost: { title: 2 } })) {
      const doc = this.docs.get(r.id as string);
      if (!doc) continue;
      counts[doc.type] += 1;
      if (type && doc.type !== type) continue;
      if (total >= offset && kept.length < limit) kept.push(doc);
      total += 1;
    }
    return { hits: kept.map((doc) => this.hit(doc)), total, counts };
  }

  private hit(doc: WordsDoc): SearchHit {
    return { type: doc.type, id: doc.id, title: doc.title, snippet: snippetOf(doc.text), url: searchHitUrl(doc.type, doc.id) };
  }
}
