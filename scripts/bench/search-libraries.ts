/**
 * Which full-text library the search service uses (issue 15), chosen by measurement: MiniSearch, Orama and FlexSearch
 * each index the same 100k generated listings (title + description); printed per library: build time, heap held by
 * the index, and query p50 for whole words, word starts (prefix) and words, with the
 * share of typo queries that found the listing the word came from. Then the §9 rule (lower-cased substring of title
 * or description), which no word index answers exactly ("ike" in "bike"): a scan over the lower-cased strings.
 *
 *   node --expose-gc scripts/bench/search-libraries.ts [count]
 *
 * A figure script, not a test: nothing here is asserted.
 */
import { execFileSync } from 'node:child_process';
import MiniSearch from 'minisearch';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import FlexSearch from 'flexsearch';
import { generateListings, sampleQueries } from './search-corpus.ts';

const COUNT = Number(process.argv[2] ?? 100_000);
const ONLY = process.argv[3];
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

const listings = generateListings(COUNT);
const docs = listings.map((l, i) => ({ id: i, title: l.title, description: l.description }));
const queries = sampleQueries(200);
const hasWord = (id: number, w: string) => ` ${docs[id]!.title.toLowerCase()} ${docs[id]!.description.toLowerCase().replace(/[.,;]/g, ' ')} `.includes(` ${w} `);

interface Candidate {
  name: string;
  build(): Promise<unknown>;
  word(index: unknown, q: string): Promise<number[]>;
  prefix(index: unknown, q: string): Promise<number[]>;
  typo(index: unknown, q: string): Promise<number[]>;
}

const miniOptions = { fields: ['title', 'description'], idField: 'id' };
const candidates: Candidate[] = [
  {
    name: 'minisearch 7',
    async build() {
      const ms = new MiniSearch<(typeof docs)[number]>(miniOptions);
      ms.addAll(docs);
      return ms;
    },
    async word(i, q) {
      return (i as MiniSearch).search(q).map((r) => r.id as number);
    },
    async prefix(i, q) {
      return (i as MiniSearch).search(q, { prefix: true }).map((r) => r.id as number);
    },
    async typo(i, q) {
      return (i as MiniSearch).search(q, { prefix: true, fuzzy: 0.2 }).map((r) => r.id as number);
    },
  },
  {
    name: 'orama 3',
    async build() {
      const db = create({ schema: { n: 'number', title: 'string', description: 'string' } as const });
      await insertMultiple(db, docs.map((d) => ({ n: d.id, title: d.title, description: d.description })), 5_000);
      return db;
    },
    async word(i, q) {
      const r = await oramaSearch(i as never, { term: q, exact: true, limit: 50 });
      return r.hits.map((h) => (h.document as { n: number }).n);
    },
    async prefix(i, q) {
      const r = await oramaSearch(i as never, { term: q, limit: 50 });
      return r.hits.map((h) => (h.document as { n: number }).n);
    },
    async typo(i, q) {
      const r = await oramaSearch(i as never, { term: q, tolerance: 1, limit: 50 });
      return r.hits.map((h) => (h.document as { n: number }).n);
    },
  },
  {
    name: 'flexsearch 0.8 (forward)',
    async build() {
      const index = new FlexSearch.Document({ document: { id: 'id', index: ['title', 'description'] }, tokenize: 'forward' });
      for (const d of docs) index.add(d);
      return index;
    },
    async word(i, q) {
      return flexIds((i as InstanceType<typeof FlexSearch.Document>).search(q, { limit: 50 }));
    },
    async prefix(i, q) {
      return flexIds((i as InstanceType<typeof FlexSearch.Document>).search(q, { limit: 50 }));
    },
    async typo(i, q) {
      return flexIds((i as InstanceType<typeof FlexSearch.Document>).search(q, { limit: 50 }));
    },
  },
];

function flexIds(result: unknown): number[] {
  const out = new Set<number>();
  for (const field of result as Array<{ result: number[] }>) for (const id of field.result) out.add(id);
  return [...out];
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

if (ONLY === undefined) {
  console.log(`search libraries: ${COUNT} generated listings (title + description), node ${process.version}`);
  console.log('library                      build ms   index heap   word p50   prefix p50   typo p50   typo found');
  for (const c of candidates) {
    process.stdout.write(execFileSync(process.execPath, ['--expose-gc', import.meta.filename, String(COUNT), c.name], { encoding: 'utf8' }));
  }
}
for (const c of candidates.filter((k) => k.name === ONLY)) {
  const before = heap();
  const t = performance.now();
  const index = await c.build();
  const buildMs = performance.now() - t;
  const held = heap() - before;
  const times = { word: [] as number[], prefix: [] as number[], typo: [] as number[] };
  let found = 0;
  for (let k = 0; k < queries.word.length; k += 1) {
    times.word.push(await timed(() => c.word(index, queries.word[k]!)));
    times.prefix.push(await timed(() => c.prefix(index, queries.prefix[k]!)));
    let hits: number[] = [];
    times.typo.push(await timed(async () => (hits = await c.typo(index, queries.typo[k]!))));
    if (hits.some((id) => hasWord(id, queries.word[k]!))) found += 1;
  }
  console.log(
    `${c.name.padEnd(28)} ${buildMs.toFixed(0).padStart(8)}   ${mb(held).padStart(10)}   ${p50(times.word).toFixed(2).padStart(8)}   ${p50(times.prefix).toFixed(2).padStart(10)}   ${p50(times.typo).toFixed(2).padStart(8)}   ${`${found}/${queries.word.length}`.padStart(10)}`,
  );
}

if (ONLY !== undefined) process.exit(0);
// The §9 rule: a lower-cased substring. Two scans over the same strings.
const lower = listings.map((l) => `${l.title.toLowerCase()}\n${l.description.toLowerCase()}`);
const scanEach = (q: string) => {
  let n = 0;
  for (let i = 0; i < lower.length; i += 1) if (lower[i]!.includes(q)) n += 1;
  return n;
};
const CHUNK = 1024;
const chunks: Array<{ text: string; starts: Int32Array }> = [];
for (let s = 0; s < lower.length; s += CHUNK) {
  const part = lower.slice(s, s + CHUNK);
  const starts = new Int32Array(part.length + 1);
  let off = 0;
  part.forEach((t, k) => {
    starts[k] = off;
    off += t.length + 1;
  });
  starts[part.length] = off;
  chunks.push({ text: part.join('\u0000'), starts });
}
const scanChunks = (q: string) => {
  let n = 0;
  for (const c of chunks) {
    let at = c.text.indexOf(q);
    let doc = 0;
    while (at >= 0) {
      while (c.starts[doc + 1]! <= at) doc += 1;
      n += 1;
      at = c.text.indexOf(q, c.starts[doc + 1]!);
    }
  }
  return n;
};
for (const [name, scan] of [['substring scan, one string per listing', scanEach], ['substring scan, 1024 listings per string', scanChunks]] as const) {
  const times = queries.infix.map((q) => {
    const t = performance.now();
    scan(q);
    return performance.now() - t;
  });
  console.log(`${name.padEnd(44)} p50 ${p50(times).toFixed(2)} ms (infix of a word)`);
}
const agree = queries.infix.every((q) => scanEach(q) === scanChunks(q));
console.log(`both scans give the same counts: ${agree}`);
