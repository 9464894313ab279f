/**
 * What metrics and tracing cost (issue 36, "Done when": at most 5% of the gateway's throughput on the listings page,
 * measured side by side in one run). Two stacks of the processes the page touches (identity, listings, search, ads,
 * the renderer, the gateway and the remotes' static servers), started at once on the same MongoDB server and S3, each
 * with its own databases, its own NATS server (the registry and the event streams stay apart), its own search
 * snapshots' bucket and its own demo data:
 *   A. the baseline: METRICS_ENABLED=false in every process (no per-request measurement, no metrics port), no OTEL_*
 *      variables (the tracing preload loads nothing);
 *   B. as deployed: metrics on (the default) and tracing on in every process with the deploy files' head sampling
 *      (TRACE_SAMPLING; BENCH_TRACE_ALL=1 records every trace instead), OTLP/HTTP (JSON) to a receiver in this process
 *      that answers 200 to POST /v1/traces and counts the spans it is sent (the SDK's own defaults: batches every 5 s,
 *      spans dropped when its queue is full).
 * `GET /listings` through each gateway (the renderer's head and body, the data from search), as Chromium asks
 * (Accept-Encoding), one URL, autocannon on loopback: a warm-up of each, then `rounds` rounds of `roundS` seconds,
 * each round measuring both, the order swapped every round (A B, B A, ...) so drift of the machine falls on both alike.
 * Prints each round's requests/s, the medians, the cost (A − B) / A of the medians and whether it is within the 5% goal
 * (never thrown: a cost over the goal is a figure, loudly printed), the rounds' own costs (their median and spread: a
 * spread wider than the goal says the machine's load moved more than what is measured), and the spans received by
 * service. A page with its rendered body is not kept by the gateway (its data must be fresh), but requests for the
 * same page while one is on its way share the renderer's answer: most of the CPU is the gateway's (the document put
 * together and compressed for each request); the renderer's and search's spans show how often they were asked. Errors or non-2xx
 * answers fail the part, and so does a B that sent no span or configurations whose metrics ports say otherwise.
 * The receiver shares this process with the load generator, so its work is charged to B: the cost is, if anything,
 * overstated.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import autocannon from 'autocannon';
import { ListingsPageSchema } from '@cp/contracts';
import type { Infra } from '../../infra/src/types.ts';
import { remoteStaticServers } from '../../infra/src/catalogue.ts';
import { serviceSpecs } from '../../infra/src/stack-env.ts';
import { startServices, type RunningStack } from '../../infra/src/stack.ts';
import { stackDeployables } from '../../infra/src/catalogue.ts';
import { TRACE_SAMPLING } from '../../infra/src/deploy-gen/monitoring.ts';
import { BROWSER_ACCEPT_ENCODING, getRaw } from './renderer-page.ts';
import { median, OBSERVABILITY_GOAL, relativeCost, verdict } from './observability-figures.ts';

/** The processes the listings page touches (the remotes' static servers come with web: 'servers'). */
const SERVICES = ['identity', 'listings', 'search', 'ads', 'renderer', 'gateway'];
/**
 * B's ports are A's + this: every port (services 4001–4011, remotes 3101–3105, the gateway 8080, and each one's metrics
 * port, +1000) apart from the other stack's.
 */
const B_SHIFT = 300;
const PAGE = '/listings';
/** The server-rendered body's state in a page: present when the renderer's body made it in time. */
const RENDERED_BODY = 'id="cp-ssr-state"';

/** One round's figures of one configuration. */
export interface Round {
  rps: number;
  p50: number;
  p99: number;
  /** CPU time (ms) the stack's processes used per request in the round, all of them and the gateway's. */
  cpu: { stack: number; gateway: number };
}

/** Clock ticks per second of /proc's CPU times (getconf CLK_TCK; 100 on Linux when it cannot be asked). */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system, ms) used so far by each running process of a stack, by name (Linux /proc). */
function cpuTimes(stack: RunningStack): Map<string, number> {
  const times = new Map<string, number>();
  for (const p of stack.status()) {
    if (p.pid === undefined) continue;
    try {
      // After the command's closing parenthesis: state is field 3, utime 14 and stime 15 (proc(5)).
      const fields = readFileSync(`/proc/${p.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      times.set(p.name, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
    } catch {
      // exited meanwhile: its time is not counted
    }
  }
  return times;
}

/** What the stack's processes (and its gateway) spent per request between two readings. */
function cpuPerRequest(before: Map<string, number>, after: Map<string, number>, requests: number): Round['cpu'] {
  let stack = 0;
  for (const [name, ms] of after) stack += ms - (before.get(name) ?? ms);
  const gateway = (after.get('gateway') ?? 0) - (before.get('gateway') ?? 0);
  return { stack: stack / Math.max(requests, 1), gateway: gateway / Math.max(requests, 1) };
}

/** An OTLP/HTTP receiver (JSON, gzip or not) answering 200 to every POST /v1/traces, counting spans by service. */
async function startReceiver(): Promise<{ url: string; spans: Map<string, number>; total(): number; close(): Promise<void> }> {
  const spans = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    const body: Readable = req.headers['content-encoding'] === 'gzip' ? req.pipe(createGunzip()) : req;
    body.on('data', (c: Buffer) => chunks.push(c));
    body.on('error', () => res.writeHead(400).end());
    body.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        try {
          const doc = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            resourceSpans?: Array<{ resource?: { attributes?: Array<{ key: string; value: { stringValue?: string } }> }; scopeSpans?: Array<{ spans?: unknown[] }> }>;
          };
          for (const rs of doc.resourceSpans ?? []) {
            const service = rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
            const n = (rs.scopeSpans ?? []).reduce((sum, ss) => sum + (ss.spans?.length ?? 0), 0);
            spans.set(service, (spans.get(service) ?? 0) + n);
          }
        } catch {
          // not OTLP/JSON: answered all the same, counted as nothing
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    total: () => [...spans.values()].reduce((a, b) => a + b, 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `probe` until it gives a value, at most `timeoutMs`. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const found = await probe();
      if (found !== undefined) return found;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s${last instanceof Error ? ` (${last.message})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Until the stack's search has the demo listings and its listings page comes whole (the renderer's body in it): its bytes. */
async function pageReady(gateway: string): Promise<Buffer> {
  await until(`${gateway}: demo listings in search`, async () => {
    const res = await fetch(`${gateway}/api/search/listings?page=1&pageSize=24`);
    if (!res.ok) return undefined;
    return ListingsPageSchema.parse(await res.json()).items.length > 0 ? true : undefined;
  });
  return until(`${gateway}${PAGE}: the renderer's body`, async () => {
    const r = await getRaw(gateway + PAGE, { 'accept-encoding': 'identity' });
    return r.status === 200 && r.body.includes(RENDERED_BODY) ? r.body : undefined;
  });
}

/** Whether the process whose public URL is `url` serves metrics on its metrics port (PORT + 1000). */
async function servesMetrics(url: string): Promise<boolean> {
  const port = Number(new URL(url).port) + 1000;
  try {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(3_000) });
    return res.ok && (await res.text()).includes('http_server_request_duration_seconds');
  } catch {
    return false;
  }
}

function load(url: string, durationS: number, connections: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: durationS, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
}

/**
 * What B turns on (BENCH_OBSERVABILITY): both, as deployed (the goal's figure), or one of them, to tell which one a cost
 * over the goal comes from.
 */
export const OBSERVABILITY_MEASURES = ['both', 'metrics', 'tracing'] as const;
export type ObservabilityMeasure = (typeof OBSERVABILITY_MEASURES)[number];

export interface ObservabilityBenchOptions {
  infra: Infra;
  /** The bench's data folder: each stack's keys and logs go under observability-a/ and -b/. */
  dataDir: string;
  /** A's port offset (B's: 300 more); away from the bench's infrastructure's ports and anyone else's stack. */
  portOffset: number;
  connections: number;
  rounds: number;
  roundS: number;
  /** What B turns on (default both). */
  measure?: ObservabilityMeasure;
  /** B's tracing records every trace instead of the deployed head sampling (TRACE_SAMPLING): what sampling saves. */
  traceAll?: boolean;
  log: (line: string) => void;
}

export async function benchObservability(opts: ObservabilityBenchOptions): Promise<void> {
  const { infra, connections, rounds, roundS } = opts;
  const measure = opts.measure ?? 'both';
  const metricsOn = measure !== 'tracing';
  const tracingOn = measure !== 'metrics';
  const receiver = await startReceiver();
  const stacks: Partial<Record<'A' | 'B', RunningStack>> = {};
  const natsServers: Array<{ close(): Promise<void> }> = [];
  try {
    // Every process of the stack gets the variables (a setting its schema does not read is dropped).
    const names = [...(await serviceSpecs()).map((s) => s.name), ...remoteStaticServers(0, stackDeployables()).map((r) => r.folder)];
    const envOf = (key: 'A' | 'B', own: Record<string, string>) =>
      Object.fromEntries(
        names.map((name) => [
          name,
          {
            ...own,
            MONGO_DB: `obs_${key.toLowerCase()}_${name}`,
            S3_BUCKET_SEARCH: `search-obs-${key.toLowerCase()}`,
            ...(name === 'gateway' ? { RATE_LIMIT_GLOBAL: '100000000', RATE_LIMIT_AD_EVENTS: '100000000', RATE_LIMIT_WEB: '100000000' } : {}),
          },
        ]),
      );
    const configs = {
      A: { METRICS_ENABLED: 'false' },
      B: {
        ...(metricsOn ? {} : { METRICS_ENABLED: 'false' }),
        ...(tracingOn ? { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', ...(opts.traceAll ? {} : TRACE_SAMPLING) } : {}),
      },
    };
    const what = { both: 'metrics and tracing', metrics: 'metrics', tracing: 'tracing' }[measure];
    console.log('');
    console.log(`bench: ${what} vs neither, GET ${PAGE} through the gateway, two stacks side by side`);
    const sampling = opts.traceAll ? 'every trace' : `${TRACE_SAMPLING.OTEL_TRACES_SAMPLER} ${TRACE_SAMPLING.OTEL_TRACES_SAMPLER_ARG}, as deployed`;
    const b = [metricsOn ? 'metrics on' : 'METRICS_ENABLED=false', tracingOn ? `tracing (${sampling}) to an OTLP/HTTP receiver (${receiver.url}, http/json)` : 'no OTEL_*'];
    console.log(`  A: METRICS_ENABLED=false, no OTEL_* (baseline); B: ${b.join(', ')}`);
    console.log(`  each: ${SERVICES.join(', ')} and the remotes' static servers, its own databases, NATS and demo data; starting both ...`);
    const started = Date.now();
    const results = await Promise.allSettled(
      (['A', 'B'] as const).map(async (key) => {
        const nats = await infra.faultNats();
        natsServers.push(nats);
        stacks[key] = await startServices({
          dataDir: path.join(opts.dataDir, `observability-${key.toLowerCase()}`),
          infraEnv: { ...infra.env, NATS_URL: nats.url },
          portOffset: opts.portOffset + (key === 'B' ? B_SHIFT : 0),
          services: SERVICES,
          web: 'servers',
          demoData: true,
          extraEnv: envOf(key, configs[key]),
          log: (line) => opts.log(`${key}: ${line}`),
        });
      }),
    );
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason instanceof Error ? failure.reason : new Error(String(failure.reason));
    const gw = { A: stacks.A!.urls.gateway!, B: stacks.B!.urls.gateway! };
    const pages = { A: await pageReady(gw.A), B: await pageReady(gw.B) };
    console.log(`  both ready in ${((Date.now() - started) / 1000).toFixed(0)} s; ${PAGE}: ${pages.A.length} bytes of HTML from A, ${pages.B.length} from B (the renderer's body in both)`);
    const metrics = { A: await servesMetrics(gw.A), B: await servesMetrics(gw.B) };
    if (metrics.A || metrics.B !== metricsOn) throw new Error(`the configurations are not what they say: A's gateway ${metrics.A ? 'serves' : 'serves no'} metrics, B's ${metrics.B ? 'serves' : 'serves no'} metrics`);
    console.log(`  the gateway's /metrics on its metrics port: A none (off), B ${metricsOn ? 'answers' : 'none (off)'}`);

    const check = (key: 'A' | 'B', r: autocannon.Result) => {
      if (r.errors > 0 || r.non2xx > 0) throw new Error(`${key}: ${r.errors} errors and ${r.non2xx} non-2xx answers out of ${r.requests.total}`);
    };
    for (const key of ['A', 'B'] as const) check(key, await load(gw[key] + PAGE, 3, connections));
    const spansBefore = receiver.total();
    const figures: Record<'A' | 'B', Round[]> = { A: [], B: [] };
    console.log(`  ${connections} connections, ${rounds} rounds of ${roundS} s each per configuration (after a 3 s warm-up of each), Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}`);
    console.log('');
    console.log('| round | order | A req/s | A p50/p99 ms | B req/s | B p50/p99 ms | (A − B) / A | CPU ms/request A → B (gateway) | stack |');
    console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|');
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 === 1 ? (['A', 'B'] as const) : (['B', 'A'] as const);
      for (const key of order) {
        const before = cpuTimes(stacks[key]!);
        const r = await load(gw[key] + PAGE, roundS, connections);
        const cpu = cpuPerRequest(before, cpuTimes(stacks[key]!), r.requests.total);
        check(key, r);
        figures[key].push({ rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, cpu });
      }
      const a = figures.A[round - 1]!;
      const b = figures.B[round - 1]!;
      const ms = (x: number) => x.toFixed(2);
      console.log(
        `| ${round} | ${order.join(' ')} | ${a.rps.toFixed(0)} | ${a.p50}/${a.p99} | ${b.rps.toFixed(0)} | ${b.p50}/${b.p99} | ${(relativeCost(a.rps, b.rps) * 100).toFixed(1)}% | ` +
          `${ms(a.cpu.gateway)} → ${ms(b.cpu.gateway)} | ${ms(a.cpu.stack)} → ${ms(b.cpu.stack)} |`,
      );
    }
    const medA = median(figures.A.map((f) => f.rps));
    const medB = median(figures.B.map((f) => f.rps));
    const v = verdict(figures.A.map((f) => f.rps), figures.B.map((f) => f.rps));
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    const cpuMedian = (key: 'A' | 'B', of: 'stack' | 'gateway') => median(figures[key].map((f) => f.cpu[of]));
    console.log(
      `| median | | ${medA.toFixed(0)} | | ${medB.toFixed(0)} | | ${pct(v.cost)} | ${cpuMedian('A', 'gateway').toFixed(2)} → ${cpuMedian('B', 'gateway').toFixed(2)} | ` +
        `${cpuMedian('A', 'stack').toFixed(2)} → ${cpuMedian('B', 'stack').toFixed(2)} |`,
    );
    console.log('');
    // The SDK exports every 5 s: what the last round's spans add comes after it.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const during = receiver.total() - spansBefore;
    const byService = [...receiver.spans].sort((x, y) => y[1] - x[1]).map(([s, n]) => `${s} ${n}`).join(', ');
    console.log(`  tracing: ${receiver.total()} spans received (${during} from the measured rounds on), by service: ${byService || 'none'}`);
    if (tracingOn && receiver.total() === 0) throw new Error('B sent no spans: tracing did not run, the figure is not its cost');
    if (!tracingOn && receiver.total() > 0) throw new Error('spans were sent with tracing off: the configurations are not what they say');
    const goal = `${OBSERVABILITY_GOAL * 100}%`;
    console.log(
      `  ${what} cost${measure === 'both' ? '' : 's'} ${pct(v.cost)} of the gateway's requests/s on ${PAGE} (medians ${medA.toFixed(0)} → ${medB.toFixed(0)}): ` +
        `${v.within ? `within the ${goal} goal` : `OVER THE ${goal} GOAL`}; round by round ${pct(v.pairedCost)} (median), from ${pct(v.spread[0])} to ${pct(v.spread[1])}`,
    );
    // CPU time per request does not depend on how the two cores were shared in a round as much as requests/s does: the
    // steadier view of what the same work costs with metrics and tracing (the verdict stays the issue's, requests/s).
    const cpuCost = (of: 'stack' | 'gateway') => -relativeCost(cpuMedian('A', of), cpuMedian('B', of)); // (B − A) / A
    console.log(`  CPU time per request with ${what}: the gateway's ${pct(cpuCost('gateway'))} more, the whole stack's ${pct(cpuCost('stack'))} more (medians of the rounds)`);
    if (v.noisy) console.log(`  (the rounds' own costs spread over more than the goal: the machine's load moved more than what is measured; a quiet machine gives the verdict)`);
    if (!v.within) console.log(`  !!! bench: ${what} ${measure === 'both' ? 'are' : 'is'} over the goal: ${pct(v.cost)} > ${goal} !!!`);
  } finally {
    await Promise.allSettled([stacks.A?.stop(), stacks.B?.stop()]);
    await Promise.allSettled(natsServers.map((n) => n.close()));
    await receiver.close();
  }
}
