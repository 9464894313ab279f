/**
 * The observability part's arithmetic (observability.ts): medians, the cost of B relative to A, and the verdict
 * against issue 36's goal, with whether the rounds were steady enough for one.
 */

/** The goal: metrics and tracing cost at most this share of the gateway's requests/s on the listings page. */
export const OBSERVABILITY_GOAL = 0.05;

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return 0;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** The cost of B relative to A's requests/s: (A − B) / A (negative when B was faster). */
export const relativeCost = (a: number, b: number): number => (a > 0 ? (a - b) / a : 0);

export interface Verdict {
  /** (median A − median B) / median A: the figure judged against the goal. */
  cost: number;
  /** The median of each round's own (A − B) / A: the same figure, paired round by round. */
  pairedCost: number;
  /** The lowest and highest of the rounds' own costs. */
  spread: [number, number];
  within: boolean;
  /** The rounds' own costs spread wider than the goal: the machine's load moved more than what is measured. */
  noisy: boolean;
}

/** The verdict on the rounds' requests/s of A (neither) and B (metrics and tracing), round by round. */
export function verdict(a: readonly number[], b: readonly number[], goal = OBSERVABILITY_GOAL): Verdict {
  if (a.length === 0 || a.length !== b.length) throw new Error(`verdict: ${a.length} rounds of A, ${b.length} of B`);
  const perRound = a.map((x, i) => relativeCost(x, b[i]!));
  const cost = relativeCost(median(a), median(b));
  const spread: [number, number] = [Math.min(...perRound), Math.max(...perRound)];
  return { cost, pairedCost: median(perRound), spread, within: cost <= goal, noisy: spread[1] - spread[0] > goal };
}
