/**
 * Generated listings for the search benchmarks (issue 15): deterministic, with a vocabulary large enough for word,
 * prefix and typo queries to mean something (a few thousand distinct words plus a number in every title).
 */
import { seededRandom } from '../../infra/src/seeded-random.ts';
import { LISTING_CATEGORIES, LISTING_TIERS, LOCATIONS, type Listing } from '@cp/contracts';

const SYLLABLES = ['ka', 'ri', 'mo', 'tan', 'su', 'del', 'pra', 'vin', 'lo', 'mar', 'ne', 'sha', 'ti', 'bur', 'go', 'len', 'pa', 'zi', 'ro', 'dam'];
const COMMON = ['room', 'rent', 'tutor', 'math', 'sofa', 'table', 'honda', 'civic', 'diwali', 'garba', 'job', 'engineer', 'catering', 'biryani', 'yoga', 'class', 'bike', 'laptop', 'apartment', 'townhouse', 'furniture', 'kitchen', 'wedding', 'cricket', 'temple', 'music', 'dance', 'tiffin', 'carpool', 'babysitter'];

/** About 8,000 made-up words of 2–4 syllables plus the common ones. */
export const VOCABULARY: string[] = (() => {
  const rnd = seededRandom(7);
  const words = new Set<string>(COMMON);
  while (words.size < 8_000) {
    const n = 2 + Math.floor(rnd() * 3);
    let w = '';
    for (let i = 0; i < n; i += 1) w += SYLLABLES[Math.floor(rnd() * SYLLABLES.length)];
    words.add(w);
  }
  return [...words];
})();

/** `count` listings as the API returns them, newest first from `now`, one a minute. */
export function generateListings(count: number, opts: { now?: number; seed?: number; userIds?: string[] } = {}): Listing[] {
  const rnd = seededRandom(opts.seed ?? 42);
  const now = opts.now ?? Date.now();
  const word = () => (rnd() < 0.3 ? COMMON[Math.floor(rnd() * COMMON.length)]! : VOCABULARY[Math.floor(rnd() * VOCABULARY.length)]!);
  const words = (n: number) => Array.from({ length: n }, word).join(' ');
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
  const out: Listing[] = [];
  for (let i = 0; i < count; i += 1) {
    const at = new Date(now - i * 60_000).toISOString();
    const title = `${word()} ${word()} ${word()} ${i}`;
    const description = `${words(12)}. ${words(10)}, near ${LOCATIONS[i % LOCATIONS.length]}; serious enquiries only.`;
    out.push({
      id: uuid(),
      userId: opts.userIds?.[i % opts.userIds.length] ?? uuid(),
      category: LISTING_CATEGORIES[Math.floor(rnd() * LISTING_CATEGORIES.length)]!,
      title: title[0]!.toUpperCase() + title.slice(1),
      description,
      ...(rnd() < 0.25 ? {} : { price: Math.floor(rnd() * 3000) }),
      location: LOCATIONS[Math.floor(rnd() * LOCATIONS.length)]!,
      imageUrls: [],
      tier: LISTING_TIERS[Math.floor(rnd() * LISTING_TIERS.length)]!,
      status: 'active',
      createdAt: at,
      updatedAt: at,
    });
  }
  return out;
}

/** What the benchmarks ask: whole words, word starts and words with one letter wrong, drawn from the vocabulary. */
export function sampleQueries(n: number, seed = 3): { word: string[]; prefix: string[]; typo: string[]; infix: string[] } {
  const rnd = seededRandom(seed);
  const pick = () => VOCABULARY[Math.floor(rnd() * VOCABULARY.length)]!;
  const word = Array.from({ length: n }, pick);
  const prefix = word.map((w) => w.slice(0, Math.max(3, Math.ceil(w.length / 2))));
  const typo = word.map((w) => {
    const i = 1 + Math.floor(rnd() * (w.length - 1));
    return w.slice(0, i) + (w[i] === 'x' ? 'q' : 'x') + w.slice(i + 1); // one letter wrong
  });
  const infix = word.map((w) => w.slice(1, Math.max(4, w.length - 1)));
  return { word, prefix, typo, infix };
}
