/**
 * npm run bench — speed figures, not a test. Starts an isolated stack (profile "bench"), then
 *   A. loads the home page in Chromium (playwright-core, a fresh profile, no cache) and sums the gzip size of every
 *      JavaScript response until the network is idle: shell, Module Federation runtime, shared modules and what the
 *      first view needs from the remotes; printed against the budget (190 KB, our code 40 KB); then Lighthouse (mobile and
 *      desktop presets, performance) on every first view issue 20 names — home, /listings, a demo listing's page,
 *      /forum, /businesses — with the demo data: score, LCP, TBT, CLS, FCP, Speed Index in one table with the goals,
 *      each row marked meets/misses (scripts/bench/lighthouse.ts, lighthouse-goals.ts);
 *   R. the renderer's throughput for a listing page (GET /listing/{id} through the gateway) as a ratio to the same
 *      gateway serving a static file of the same bytes (scripts/bench/renderer-page.ts);
 *   B. measures GET /api/listings (scripts/bench/listings.ts: 10k and 100k listings, a page and a search; and the full
 *      list's bytes on the wire, plain and compressed) and
 *   C. GET /api/auth/user with a session cookie (verify the ES256 token, load the session, load the user),
 * each three ways in the same run:
 *   1. through the gateway (browser's path),
 *   2. the identity service directly,
 *   3. a bare node:http server doing the same work (same token check, same two MongoDB reads, no framework).
 * Prints requests/s and latency, and the ratios; then
 *   D. GET /api/forum/posts cursor pages with 10k posts, the same three ways, issue 24's goal beside (scripts/bench/forum.ts),
 *   E. GET /api/businesses and a Yellow Pages category, cursor pages with 10,000 businesses, the same three ways
 *      (scripts/bench/directory.ts),
 *   F. POST /api/advertisements/{id}/click, the same three ways (the bare server does the same JetStream publish), and
 *      the time until the ad's counter is exact once the load stops (scripts/bench/ads.ts), and
 *   G. the outbox relay's throughput, one relay and two (scripts/bench/outbox.ts), and
 *   H. saved-search alerts: one new listing matched against 10,000 saved searches, against the goal of 10 ms
 *      (scripts/bench/alerts.ts), and
 *   O. what metrics and tracing cost (issue 36): the gateway's requests/s on /listings with both off and with both on
 *      (an OTLP exporter set), two stacks of their own side by side, in alternating rounds, against the 5% goal
 *      (scripts/bench/observability.ts; it runs first, before the bench's own stack starts, on a quiet machine).
 * All traffic stays on loopback; every run is bounded in time. A part that fails says so and the next one runs; the
 * exit code is 1 when any failed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import jwt from 'jsonwebtoken';
import { MongoClient } from 'mongodb';
import { z } from 'zod';
import { startInfra } from '../infra/src/index.ts';
import { repoRoot } from '../infra/src/paths.ts';
import { liftedPostingLimits } from '../infra/src/stack-env.ts';
import { startServices } from '../infra/src/stack.ts';
import { benchListings } from './bench/listings.ts';
import type { Measured, Way } from './bench/measure.ts';
import { benchForum } from './bench/forum.ts';
import { benchDirectory } from './bench/directory.ts';
import { benchAds } from './bench/ads.ts';
import { listenBare, printThreeWayHeader, threeWays, type BareServer } from './bench/bare-server.ts';
import { benchOutbox } from './bench/outbox.ts';
import { benchAlerts } from './bench/alerts.ts';
import { benchSearch } from './bench/search.ts';
import { benchSession, pageWeights, printPageWeights } from './bench/page-weights.ts';
import { homePageJavaScript, printHomePage } from './bench/home-page.ts';
import { lighthousePages, printLighthouse } from './bench/lighthouse.ts';
import { benchRendererPage, demoListing } from './bench/renderer-page.ts';
import { ensureWebBuild } from '../infra/src/web.ts';
import { benchObservability, OBSERVABILITY_MEASURES } from './bench/observability.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Seconds of load before each measured run (and each way's share of measureWays' warm-up round). */
const WARM_UP_S = 2;
/** measureWays cuts each way's measured time into this many slices, interleaved with the other ways'. */
const SLICES = 5;
/**
 * Where the bench's stack listens: each port + this (BENCH_PORT_OFFSET moves it, e.g. beside another stack). The
 * services, the remotes and the gateway stay below the kernel's ephemeral range (32768 and up), where any outgoing
 * connection may hold the port a server is about to listen on.
 */
const PORT_OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 20_000);
/** BENCH_ONLY=directory,forum runs only those parts (page, renderer, auth, listings, forum, directory, ads, outbox, search, alerts, observability); all by default. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((p) => p.trim()).filter(Boolean);
const wants = (part: string) => !ONLY?.length || ONLY.includes(part);
/** The parts measured on the bench's own stack (observability starts stacks of its own): without any, that stack is not started. */
const STACK_PARTS = ['page', 'renderer', 'auth', 'listings', 'forum', 'directory', 'ads', 'search', 'outbox', 'alerts'];
/**
 * The observability part: rounds of BENCH_DURATION / 2 seconds per configuration (8 short rounds rather than 4 long:
 * more pairs, a steadier median, the same time); its stacks' port offset (A's; B's is 300 more): services at
 * 32001–32011 and 32301–32311, metrics ports 1000 above, clear of the test stacks' (offsets up to 26999: their metrics
 * ports reach 32010).
 */
const OBSERVABILITY_ROUNDS = 8;
/**
 * BENCH_OBSERVABILITY=metrics|tracing: the observability part turns on only that one in B (default both, the goal's
 * figure), to tell which one a cost over the goal comes from.
 */
const OBSERVABILITY_MEASURE = z.enum(OBSERVABILITY_MEASURES).default('both').parse(process.env.BENCH_OBSERVABILITY || undefined);
/** BENCH_TRACE_ALL=1: the observability part's tracing records every trace, not the deployed sampling (what sampling saves). */
const OBSERVABILITY_TRACE_ALL = process.env.BENCH_TRACE_ALL === '1';
const OBSERVABILITY_PORT_OFFSET = Number(process.env.BENCH_OBSERVABILITY_PORT_OFFSET ?? 28_000);
/** The parts that failed (each says why when it fails; the bench goes on to the next). */
const failed: string[] = [];

/** Runs one part of the bench when BENCH_ONLY wants it; a failure is printed and recorded, and the bench goes on. */
async function part(name: string, label: string, run: () => Promise<void>): Promise<void> {
  if (!wants(name)) return;
  try {
    await run();
  } catch (err) {
    failed.push(label);
    console.log(`\nbench: ${label} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
}

/** Load on one URL for the warm-up's 2 s, measuring nothing: the 2xx answers. An error answer fails it, as in measure. */
async function warmUp(url: string, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET'): Promise<number> {
  const run = await autocannon({ url, method, connections: CONNECTIONS, duration: WARM_UP_S, headers });
  if (run.errors > 0 || run.non2xx > 0) throw new Error(`warm-up of ${url}: ${run.errors} errors and ${run.non2xx} non-2xx answers out of ${run.requests.total}`);
  return run['2xx'];
}

async function measure(name: string, url: string | readonly string[], headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET'): Promise<Measured> {
  const urls = typeof url === 'string' ? [url] : url;
  let next = 0;
  // Several URLs: every request takes the next one's path (same origin).
  const target =
    urls.length > 1
      ? { url: new URL(urls[0]!).origin, requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: ((u) => u.pathname + u.search)(new URL(urls[next++ % urls.length]!)) }) }] }
      : { url: urls[0]! };
  // warm-up, then the measured run
  const warm = await autocannon({ ...target, method, connections: CONNECTIONS, duration: WARM_UP_S, headers });
  const r = await autocannon({ ...target, method, connections: CONNECTIONS, duration: DURATION_S, headers });
  // A figure made of error answers (a rate limit, a 401) measures nothing: refuse it.
  for (const run of [warm, r]) if (run.errors > 0 || run.non2xx > 0) throw new Error(`${name}: ${run.errors} errors and ${run.non2xx} non-2xx answers out of ${run.requests.total}`);
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, answered: warm['2xx'] + r['2xx'] };
}

/** One run of load on `url` for `durationS`, with the latency of every answer (autocannon's own figures are per run). */
function loadRun(url: string, durationS: number, headers: Record<string, string>, method: 'GET' | 'POST'): Promise<{ result: autocannon.Result; latencies: number[] }> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const tracker = autocannon({ url, method, connections: CONNECTIONS, duration: durationS, headers }, (err, result) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve({ result, latencies })));
    tracker.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
}

/**
 * Several ways of the same request measured against each other (threeWays: gateway, service, bare), alike: a warm-up
 * round gives each the same load first, before any is measured (measured one after the other, the first way would be
 * judged while the processes behind it — a gateway and a service just started or not yet asked for this path — are
 * colder than the others'); then each way's measured time (BENCH_DURATION) is cut into SLICES slices, taken in turn
 * with the order rotating, so load on the machine that comes and goes (other processes, a stack still settling after
 * its start) falls on every way alike. req/s over each way's whole measured time; p50/p99 over every answer it got.
 */
async function measureWays(ways: readonly Way[], headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET'): Promise<Measured[]> {
  const answered: number[] = [];
  for (const way of ways) answered.push(await warmUp(way.url, headers, method));
  const requests = ways.map(() => 0);
  const seconds = ways.map(() => 0);
  const latencies: number[][] = ways.map(() => []);
  for (let slice = 0; slice < SLICES; slice++) {
    for (let k = 0; k < ways.length; k++) {
      const i = (slice + k) % ways.length;
      const { result, latencies: ms } = await loadRun(ways[i]!.url, DURATION_S / SLICES, headers, method);
      if (result.errors > 0 || result.non2xx > 0) throw new Error(`${ways[i]!.name}: ${result.errors} errors and ${result.non2xx} non-2xx answers out of ${result.requests.total}`);
      requests[i]! += result.requests.total;
      seconds[i]! += result.duration;
      answered[i]! += result['2xx'];
      for (const m of ms) latencies[i]!.push(m);
    }
  }
  return ways.map((way, i) => {
    const sorted = latencies[i]!.sort((a, b) => a - b);
    return { name: way.name, rps: requests[i]! / seconds[i]!, p50: percentile(sorted, 50), p99: percentile(sorted, 99), answered: answered[i]! };
  });
}
measure.ways = measureWays;

function bareServer(mongoUrl: string, publicKey: string): Promise<BareServer> {
  const client = new MongoClient(mongoUrl, { maxPoolSize: 20 });
  const db = client.db('identity');
  return listenBare(async (req, res) => {
    const cookie = /(?:^|;\s*)cp_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    let claims: { sub: string; sid: string } | undefined;
    try {
      claims = cookie ? (jwt.verify(cookie, publicKey, { algorithms: ['ES256'], issuer: 'cp-identity', audience: 'cp-web' }) as { sub: string; sid: string }) : undefined;
    } catch {
      claims = undefined;
    }
    const session = claims ? await db.collection<{ _id: string }>('sessions').findOne({ _id: claims.sid, expire: { $gt: new Date() } }) : null;
    const user = session && claims ? await db.collection<{ _id: string }>('users').findOne({ _id: claims.sub }, { projection: { password: 0, resetToken: 0, resetTokenExpiry: 0 } }) : null;
    if (!user) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Authentication required"}');
      return;
    }
    const { _id, ...rest } = user;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: _id, ...rest }));
  }, () => client.close());
}

async function main(): Promise<void> {
  const root = repoRoot();
  const dataDir = path.join(root, '.data', 'bench');
  const log = (line: string) => console.log(`  ${line}`);
  ensureWebBuild(root, log);
  console.log(`bench: starting infrastructure and services (profile "bench")`);
  const infra = await startInfra({ name: 'bench', portBase: PORT_OFFSET, fresh: true, log });
  let stack: Awaited<ReturnType<typeof startServices>> | undefined;
  let bare: Awaited<ReturnType<typeof bareServer>> | undefined;
  try {
    // First, while nothing else runs: its two stacks are measured against each other on a quiet machine.
    await part('observability', 'metrics and tracing vs neither', () =>
      benchObservability({ infra, dataDir, portOffset: OBSERVABILITY_PORT_OFFSET, connections: CONNECTIONS, rounds: OBSERVABILITY_ROUNDS, roundS: DURATION_S / 2, measure: OBSERVABILITY_MEASURE, traceAll: OBSERVABILITY_TRACE_ALL, log }),
    );
    if (!STACK_PARTS.some(wants)) return;
    // The gateway's per-client rate limit would answer most of the load with 429, and the posting limits the bench's
    // writes: lift them for the measurement. The
    // demo data, as in a newcomer's `npm start`: the pages are measured with what a visitor sees.
    stack = await startServices({
      dataDir,
      infraEnv: infra.env,
      portOffset: PORT_OFFSET,
      demoData: true,
      extraEnv: { ...(await liftedPostingLimits()), gateway: { RATE_LIMIT_GLOBAL: '100000000', RATE_LIMIT_AD_EVENTS: '100000000', RATE_LIMIT_WEB: '100000000' } },
      log,
    });
    const gateway = stack.urls.gateway!;
    const site = stack.urls.site!;
    const running = stack;
    // A demo listing for the listing page (Lighthouse and the renderer part); asked once, when a part needs it.
    let listing: Promise<{ id: string; title: string }> | undefined;
    const aListing = () => (listing ??= demoListing(gateway));
    await part('page', 'the home page JavaScript', async () => {
      console.log(`bench: loading ${site} in Chromium`);
      printHomePage(await homePageJavaScript(site));
    });
    await part('page', "every page's JavaScript", async () => {
      const pages = ['/', '/listings', `/listing/${(await aListing()).id}`, '/forum', '/businesses', '/yellow-pages', '/search?q=tiffin', '/about', '/contact', '/auth', '/my-listings', '/saved', '/alerts', '/messages'];
      console.log(`bench: every page's JavaScript, signed out and signed in (${pages.length} pages)`);
      printPageWeights(await pageWeights(site, pages, await benchSession(site)));
    });
    await part('page', 'Lighthouse', async () => {
      const pages = [
        { name: '/', url: async () => `${site}/` },
        { name: '/listings', url: async () => `${site}/listings` },
        { name: '/listing/{id} (a demo listing)', url: async () => `${site}/listing/${(await aListing()).id}` },
        { name: '/forum', url: async () => `${site}/forum` },
        { name: '/businesses', url: async () => `${site}/businesses` },
      ];
      console.log(`bench: Lighthouse, mobile and desktop, on ${pages.map((p) => p.name).join(', ')} (one run at a time)`);
      const reports = path.join(dataDir, 'lighthouse');
      const rows = await lighthousePages(pages, reports);
      printLighthouse(rows);
      console.log(`(each run's whole report: ${path.relative(root, reports)}/)`);
    });
    await part('renderer', "the renderer's listing page vs a static file", async () => {
      await benchRendererPage({
        gatewayUrl: gateway,
        webRoot: path.join(root, 'shell', 'dist'),
        gatewayLog: path.join(dataDir, 'logs', 'gateway.log'),
        restartGateway: async (env) => {
          await running.stopService('gateway');
          await running.startService('gateway', env ? { env } : {});
        },
        listing: await aListing(),
        measure,
        connections: CONNECTIONS,
        durationS: DURATION_S,
      });
    });
    await part('auth', 'GET /api/auth/user', async () => {
      const reg = await fetch(`${gateway}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'bench_user', password: 'bench-password', email: 'bench@example.com', termsAccepted: true }),
      });
      if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
      const cookie = reg.headers.getSetCookie().find((c) => c.startsWith('cp_session='))!.split(';')[0]!;
      const publicKey = readFileSync(path.join(dataDir, 'keys', 'jwt-public.pem'), 'utf8');
      bare = await bareServer(infra.env.MONGO_URL, publicKey);

      console.log(`bench: GET /api/auth/user, ${CONNECTIONS} connections, ${DURATION_S} s each (after a 2 s warm-up)`);
      printThreeWayHeader();
      await threeWays(measure, 'current user', 'identity', '/api/auth/user', { gateway, service: running.urls.identity!, bare }, { cookie });
    });
    await part('listings', 'listings', () => benchListings({ mongoUrl: infra.env.MONGO_URL, gatewayUrl: gateway, listingsUrl: running.urls.listings!, measure }));
    await part('forum', 'forum', () => benchForum({ mongoUrl: infra.env.MONGO_URL, gatewayUrl: gateway, forumUrl: running.urls.forum!, measure }));
    await part('directory', 'directory', () => benchDirectory({ mongoUrl: infra.env.MONGO_URL, gatewayUrl: gateway, directoryUrl: running.urls.directory!, measure }));
    await part('ads', 'ads', () => benchAds({ mongoUrl: infra.env.MONGO_URL, natsUrl: infra.env.NATS_URL, gatewayUrl: gateway, adsUrl: running.urls.ads!, measure }));
    await part('search', 'search', () => benchSearch({ mongoUrl: infra.env.MONGO_URL, natsUrl: infra.env.NATS_URL, gatewayUrl: gateway, searchUrl: running.urls.search!, measure }));
    await part('outbox', 'outbox', () => benchOutbox({ mongoUrl: infra.env.MONGO_URL, natsUrl: infra.env.NATS_URL }));
    await part('alerts', 'saved-search alerts', async () => {
      await benchAlerts({ mongoUrl: infra.env.MONGO_URL });
    });
  } finally {
    console.log('\n(2 cores shared by load generator, gateway, service and MongoDB under wine: compare ratios, not absolutes)');
    if (failed.length > 0) {
      console.log(`bench: ${failed.length} part${failed.length > 1 ? 's' : ''} failed: ${failed.join(', ')} (see above)`);
      process.exitCode = 1;
    }
    await bare?.close();
    await stack?.stop();
    await infra.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
