/** What every bench measures with: one load run's figures, and the function that makes one (bench.ts's autocannon). */
export interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** 2xx answers, warm-up included (what a counter should end up with). */
  answered: number;
}
/** A URL one of several ways of doing the same work (threeWays: through the gateway, the service, a bare server). */
export interface Way {
  name: string;
  url: string;
}

/**
 * Load on one URL, or on several in turn (each request the next: distinct queries that no cache answers twice in a row):
 * a warm-up, then the measured run. `ways` measures several ways of the same request against each other, alike (see
 * bench.ts measureWays).
 */
export type Measure = ((name: string, url: string | readonly string[], headers?: Record<string, string>, method?: 'GET' | 'POST') => Promise<Measured>) & {
  ways(ways: readonly Way[], headers?: Record<string, string>, method?: 'GET' | 'POST'): Promise<Measured[]>;
};
