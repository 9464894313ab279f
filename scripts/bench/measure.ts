/** What every bench measures with: one load run's figures, and the function that makes one (bench.ts's autocannon). */
export interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** 2xx answers, warm-up included (what a counter should end up with). */
  answered: number;
}
/**
 * Load on one URL, or on several in turn (each request the next: distinct queries that no cache answers twice in a row):
 * a warm-up, then the measured run. `warmUp` is the warm-up alone (threeWays' warm-up round): the 2xx answers it got.
 */
export type Measure = ((name: string, url: string | readonly string[], headers?: Record<string, string>, method?: 'GET' | 'POST') => Promise<Measured>) & {
  warmUp(url: string, headers?: Record<string, string>, method?: 'GET' | 'POST'): Promise<number>;
};
