/**
 * One chaos run: the stack (stack.ts) with replicas, the actors the load needs (users, posts, businesses, an ad), the
 * steady load (load.ts), then each fault in turn under that load, timed until the system serves writes again; then
 * the load stops, the system settles (bounded), and the judge (judge.ts) looks every write and event up by id.
 *
 * Faults:
 * - `replica:<service>`: kill -9 of the service's second replica (the supervisor starts it again, as Kubernetes would);
 * - `nats`: kill -9 of the NATS server, started again on the same store after a short outage;
 * - `mongod`: kill -9 of mongod (its wine process), started again on the same data after a short outage;
 * - `relay`: kill -9 of the listings process whose outbox relay holds a claimed batch (its `lockedBy` names the
 *   process), caught during a burst of listing creations.
 */
import { stackVisitorCookie } from '../../infra/src/visitor-cookies.ts';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { connectNats, consumerBacklog, createLogger, DEAD_LETTER_STREAM, MONGO_SOCKET_TIMEOUT_MS, type NatsHandle } from '@cp/service-kit';
import { eventStream, YELLOW_PAGES_MAIN_CATEGORIES } from '@cp/contracts';
import { REPLY_NOTICES_DURABLE } from '../../services/comms/src/events/reply-notices.ts';
import { AD_COUNTER_DURABLE } from '../../services/ads/src/events/ad-counter.ts';
import { chaosDb, startChaosStack, killHard, type ChaosService, type ChaosStack } from './stack.ts';
import { BROWSER, Load, WRITE_KINDS, type WriteKind } from './load.ts';
import { formatTable, judge, type Verdict } from './judge.ts';
import { readPipeline, samplePipeline, type PhasePipeline, type PipelineReading } from './pipeline-metrics.ts';

export type Fault = `replica:${ChaosService}` | 'nats' | 'mongod' | 'relay';

export interface ChaosRunOptions {
  dataDir: string;
  portOffset: number;
  replicas: Partial<Record<ChaosService, number>>;
  s3Env?: Record<string, string>;
  faults: Fault[];
  /** Load before each fault and after its recovery (ms). */
  quietMs: number;
  /** Pause between two writes of one load worker (ms). */
  paceMs: number;
  /** How long a killed server stays down before it is started again (ms). */
  outageMs?: number;
  owners?: number;
  repliers?: number;
  reviewers?: number;
  /** Reviews per second over all reviewers, at most (each reviewer reviews each business once). */
  reviewsPerS?: number;
  businesses?: number;
  posts?: number;
  /** The longest wait for a recovery, and for the settling after the load. */
  recoveryTimeoutMs?: number;
  settleTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface ChaosResult {
  verdict: Verdict;
  table: string;
  /**
   * The event pipeline as the services' metrics showed it (issue 36): the largest outbox age and consumer backlog of
   * each phase (the settling after the load included), and the reading once settled — both 0 when all went through.
   */
  pipeline: { phases: PhasePipeline[]; after: PipelineReading };
  /** Problems of the run itself (a fault not injected, a recovery or settling that timed out). */
  notes: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(probe: () => Promise<boolean>, timeoutMs: number, everyMs = 250): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await probe()) return true;
    } catch {
      // not yet (a server being restarted)
    }
    if (Date.now() > deadline) return false;
    await sleep(everyMs);
  }
}

/**
 * What a run that did not settle prints to explain itself: the dead letters of the consumers it judges, and the last
 * warnings and errors of each service's log (pino JSON lines, level 40 and up).
 */
async function diagnostics(dataDir: string, nats: NatsHandle): Promise<string[]> {
  const lines: string[] = [];
  const dead = await nats.jsm.streams.info(DEAD_LETTER_STREAM).then((i) => i.state.messages, () => undefined);
  lines.push(`dead letters: ${dead ?? 'unknown'}`);
  const logDir = path.join(dataDir, 'logs');
  for (const file of existsSync(logDir) ? readdirSync(logDir).filter((f) => f.endsWith('.log')).sort() : []) {
    const problems = readFileSync(path.join(logDir, file), 'utf8')
      .split('\n')
      .filter((l) => /"level":(4|5|6)\d/.test(l))
      .slice(-5);
    for (const l of problems) lines.push(`${file}: ${l.slice(0, 400)}`);
  }
  return lines;
}

/**
 * The oldest pending entry of each stream of an outbox, as the relay sees it (what holds the stream back): its
 * attempts, last error, lock and next attempt, in seconds from now. Goes into a run's note when it does not settle.
 */
async function outboxHeads(d: Db): Promise<string> {
  const now = Date.now();
  const at = (v: unknown) => (v instanceof Date ? `${((v.getTime() - now) / 1000).toFixed(1)} s` : 'none');
  const streams = (await d.collection('outbox').distinct('stream', { status: 'pending' })) as string[];
  const heads = await Promise.all(streams.map((stream) => d.collection('outbox').find({ status: 'pending', stream }).sort({ seq: 1, _id: 1 }).limit(1).next()));
  return heads
    .filter((h) => h !== null)
    .map((h) => `${String(h.stream)} head ${String(h.type)}: attempts ${String(h.attempts)}, next attempt ${at(h.nextAttemptAt)}, locked until ${at(h.lockedUntil)} by ${String(h.lockedBy ?? 'none')}, last error ${JSON.stringify(String(h.lastError ?? 'none').slice(0, 160))}`)
    .join('; ');
}

export const faultLabel = (f: Fault) => (f.startsWith('replica:') ? `kill -9 ${f.slice('replica:'.length)}#2` : f === 'nats' ? 'kill -9 nats-server' : f === 'mongod' ? 'kill -9 mongod' : 'kill -9 relay mid-batch');

export async function runChaos(opts: ChaosRunOptions): Promise<ChaosResult> {
  const log = opts.log ?? (() => {});
  const notes: string[] = [];
  const chaos: ChaosStack = await startChaosStack({
    dataDir: opts.dataDir,
    portOffset: opts.portOffset,
    replicas: opts.replicas,
    ...(opts.s3Env ? { s3Env: opts.s3Env } : {}),
    log,
  });
  // Bounded like the services' (a probe on a connection a killed mongod left open would wait for good).
  const mongo = new MongoClient(chaos.mongoUrl, { serverSelectionTimeoutMS: 60_000, socketTimeoutMS: MONGO_SOCKET_TIMEOUT_MS });
  let nats: NatsHandle | undefined;
  let sampler: ReturnType<typeof samplePipeline> | undefined;
  try {
    await mongo.connect();
    const db = (s: string): Db => mongo.db(chaosDb(s));
    const dbs = { listings: db('listings'), forum: db('forum'), directory: db('directory'), ads: db('ads'), comms: db('comms') };
    const gw = chaos.gateway;
    const run = randomUUID().slice(0, 6);

    // Actors: users (verified, two days old: reviews count at once), an admin's businesses, a poster's posts, an ad.
    const password = `chaos-${randomUUID()}`;
    const call = async (path: string, body: unknown, cookie?: string, expected = 201) => {
      const res = await fetch(`${gw}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      if (res.status !== expected) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return { res, body: (await res.json()) as Record<string, unknown> };
    };
    const sessionOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('cp_session='))!.split(';')[0]!;
    const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `ch${run}_${prefix}${i}`);
    const owners = names('o', opts.owners ?? 3);
    const repliers = names('r', opts.repliers ?? 2);
    const reviewers = names('v', opts.reviewers ?? 10);
    const [poster, admin] = [`ch${run}_poster`, `ch${run}_admin`];
    for (const username of [...owners, ...repliers, ...reviewers, poster, admin]) {
      await call('/api/register', { username, password, email: `${username}@example.com`, firstName: 'Chaos', lastName: 'Suite', termsAccepted: true });
    }
    const old = new Date(Date.now() - 2 * 24 * 60 * 60_000);
    const users = mongo.db(chaosDb('identity')).collection('users');
    await users.updateMany({ username: new RegExp(`^ch${run}_`) }, { $set: { emailVerified: true, emailVerifiedAt: old, createdAt: old } });
    await users.updateOne({ username: admin }, { $set: { isAdmin: true } });
    const login = async (username: string) => sessionOf((await call('/api/local-login', { username, password }, undefined, 200)).res);
    const cookies = new Map<string, string>();
    for (const u of [...owners, ...repliers, ...reviewers, poster, admin]) cookies.set(u, await login(u));
    const ownerIds = (await users.find({ username: { $in: owners } }, { projection: { _id: 1 } }).toArray()).map((d) => String(d._id));
    const businesses: string[] = [];
    for (let i = 0; i < (opts.businesses ?? 100); i++) {
      const { body } = await call('/api/admin/businesses', { name: `Chaos Business ${i}`, mainCategory: YELLOW_PAGES_MAIN_CATEGORIES[0], description: 'A business the chaos suite reviews.', address: '1 Market St, Harrisburg PA', phone: '717-555-0100' }, cookies.get(admin));
      businesses.push(String(body.id));
    }
    const posts: string[] = [];
    for (let i = 0; i < (opts.posts ?? 6); i++) {
      const { body } = await call('/api/forum/posts', { category: 'General', title: `Chaos post ${i}`, content: 'A post the chaos suite replies to, again and again.' }, cookies.get(poster));
      posts.push(String(body.id));
    }
    const adId = randomUUID();
    const now = new Date();
    await dbs.ads.collection('advertisements').insertOne({
      _id: adId as never, title: 'Chaos ad', description: 'Sweets and gift boxes, 20% off this week.', imageUrl: null, ctaText: 'Shop now', ctaUrl: 'https://desibazaar.example/diwali',
      placement: 'homepage-top', size: 'large', pricingTier: 'banner', status: 'active', startDate: null, endDate: null, impressions: 0, clicks: 0, createdAt: now, updatedAt: now,
    });
    nats = await connectNats({ url: chaos.natsUrl, name: 'chaos-judge', logger: createLogger('chaos', 'silent') });

    const load = new Load(
      { gateway: gw, owners: owners.map((u) => cookies.get(u)!), repliers: repliers.map((u) => cookies.get(u)!), reviewers: reviewers.map((u) => cookies.get(u)!), posts, businesses, adId, visitorCookie: (id) => stackVisitorCookie(opts.dataDir, id) },
      opts.paceMs,
      1000 / (opts.reviewsPerS ?? 2),
    );
    const phases = ['no fault'];
    const recovery: Record<string, number | undefined> = {};
    const writesAgain: Record<string, number | undefined> = {};
    load.phase = 'no fault';
    log('load started');
    load.start();
    // What an operator would see: the pipeline read from every process's metrics, all along (pipeline-metrics.ts).
    const origins = () => chaos.stack.status().map((p) => chaos.stack.urls[p.name]).filter((u): u is string => u !== undefined);
    let settling = false;
    sampler = samplePipeline(origins, () => (settling ? 'settling' : load.phase));
    await sleep(opts.quietMs);

    const recoveryTimeout = opts.recoveryTimeoutMs ?? 120_000;
    /** Every write kind acknowledged again after `t0` (a kind whose loop has ended, e.g. reviews out of pairs, is left out). */
    const acksAgain = async (t0: number): Promise<number> => {
      const active = WRITE_KINDS.filter((k) => load.records.some((r) => r.kind === k && r.acked && r.endedAt > t0 - 10_000));
      const ok = await until(async () => active.every((k) => load.records.some((r) => r.kind === k && r.acked && r.startedAt >= t0)), recoveryTimeout, 50);
      if (!ok) notes.push(`writes not acknowledged again within ${recoveryTimeout / 1000} s after a fault (kinds: ${active.join(', ')})`);
      const firsts = active.map((k) => Math.min(...load.records.filter((r) => r.kind === k && r.acked && r.startedAt >= t0).map((r) => r.endedAt)));
      log(`  acknowledged again after: ${active.map((k, i) => `${k} ${((firsts[i]! - t0) / 1000).toFixed(1)} s`).join(', ')}`);
      return Math.max(t0, ...firsts.filter(Number.isFinite));
    };
    const outbox = dbs.listings.collection('outbox');

    for (const fault of opts.faults) {
      const label = faultLabel(fault);
      phases.push(label);
      load.phase = label;
      log(`fault: ${label}`);
      await sleep(opts.quietMs / 2);
      let t0 = Date.now();
      let back = t0;
      if (fault.startsWith('replica:')) {
        const name = `${fault.slice('replica:'.length)}#2`;
        const pid = chaos.pidOf(name);
        if (!pid) throw new Error(`no process ${name} (replicas: ${JSON.stringify(opts.replicas)})`);
        t0 = Date.now();
        await killHard(pid);
        const ok = await until(async () => chaos.stack.status().some((p) => p.name === name && p.state === 'up' && p.pid !== pid), recoveryTimeout, 50);
        if (!ok) notes.push(`${name} not back within ${recoveryTimeout / 1000} s`);
        back = Date.now();
      } else if (fault === 'nats') {
        t0 = Date.now();
        await chaos.killNats();
        await sleep(opts.outageMs ?? 2_000);
        await chaos.restartNats();
        back = Date.now();
      } else if (fault === 'mongod') {
        t0 = Date.now();
        await chaos.killMongo();
        await sleep(opts.outageMs ?? 2_000);
        await chaos.restartMongo();
        back = Date.now();
      } else {
        // A burst of creations fills the listings outbox; the first claimed batch seen names the process to kill.
        const listingPids = () => chaos.stack.status().filter((p) => p.name === 'listings' || p.name.startsWith('listings#')).map((p) => p.pid);
        let killed: { pid: number; held: number } | undefined;
        for (let attempt = 0; attempt < 10 && !killed; attempt++) {
          let bursting = true;
          const burst = Promise.all(load.actorsOwners().flatMap((owner) => Array.from({ length: 8 }, () => load.createListing(owner)))).finally(() => {
            bursting = false;
          });
          while (bursting && !killed) {
            const held = await outbox.findOne({ status: 'pending', lockedBy: { $ne: null } }, { projection: { lockedBy: 1 } });
            const pid = held ? Number(String(held.lockedBy).split('/')[1]) : NaN;
            if (!held || !listingPids().includes(pid)) continue;
            // Frozen first (SIGSTOP), so what it holds can be counted: killed only when it still holds a claimed batch.
            process.kill(pid, 'SIGSTOP');
            const holding = await outbox.countDocuments({ lockedBy: held.lockedBy, status: 'pending' });
            if (holding === 0) {
              process.kill(pid, 'SIGCONT');
              continue;
            }
            t0 = Date.now();
            await killHard(pid);
            killed = { pid, held: holding };
          }
          await burst;
        }
        if (!killed) notes.push('relay: no claimed batch caught in 10 bursts; no process killed');
        else {
          log(`  killed listings pid ${killed.pid} holding ${killed.held} outbox entries`);
          const ok = await until(async () => {
            const up = chaos.stack.status().filter((p) => p.name.startsWith('listings')).every((p) => p.state === 'up');
            return up && (await outbox.countDocuments({ status: 'pending' })) === 0;
          }, recoveryTimeout, 100);
          if (!ok) notes.push(`relay: the listings outbox not drained within ${recoveryTimeout / 1000} s`);
        }
        back = Date.now();
      }
      const acked = await acksAgain(t0);
      writesAgain[label] = (acked - t0) / 1000;
      recovery[label] = (Math.max(back, acked) - t0) / 1000;
      log(`  recovered in ${recovery[label]!.toFixed(1)} s`);
      await sleep(opts.quietMs / 2);
    }

    log('load stopping');
    await load.stop();
    settling = true;

    // Settle: outboxes drained, the consumers' backlogs empty, reply-notice batches sent, search caught up (bounded).
    const settleTimeout = opts.settleTimeoutMs ?? 180_000;
    const stored = async () => (await dbs.listings.collection('listings').find({ title: /^Chaos / }, { projection: { title: 1 } }).toArray()).map((d) => [String(d._id), String(d.title)] as const);
    const searchOrigins = chaos.stack.status().filter((p) => p.name === 'search' || p.name.startsWith('search#')).map((p) => chaos.stack.urls[p.name]!);
    const searchListings = async () =>
      Promise.all(
        searchOrigins.map(async (origin) => {
          const out = new Map<string, string>();
          for (const userId of ownerIds) {
            for (let page = 1; ; page++) {
              const res = await fetch(`${origin}/api/search/listings?userId=${userId}&pageSize=100&page=${page}`, { signal: AbortSignal.timeout(10_000) });
              const body = (await res.json()) as { items: Array<{ id: string; title: string }> };
              for (const item of body.items) out.set(item.id, item.title);
              if (body.items.length < 100) break;
            }
          }
          return out;
        }),
      );
    // What the settle step still waits for (undefined: settled); the last answer is noted when it times out, so a
    // failed run says where the events stopped.
    let waitingFor = 'the first probe';
    const unsettled = async (): Promise<string | undefined> => {
      for (const [name, d] of Object.entries({ listings: dbs.listings, forum: dbs.forum, directory: dbs.directory })) {
        const pending = await d.collection('outbox').countDocuments({ status: 'pending' });
        if (pending > 0) return `${name}'s outbox: ${pending} pending; ${await outboxHeads(d)}`;
      }
      for (const [stream, durable] of [[eventStream('ads').name, AD_COUNTER_DURABLE], [eventStream('forum').name, REPLY_NOTICES_DURABLE]] as const) {
        const b = await consumerBacklog(nats!.jsm, stream, durable);
        if (b.pending > 0 || b.ackPending > 0) return `${durable}: ${b.pending} pending, ${b.ackPending} awaiting ack`;
      }
      const batches = await dbs.comms.collection('mail_batches').countDocuments({ state: { $in: ['open', 'sending', 'retrying'] } });
      if (batches > 0) return `comms: ${batches} mail batches not sent`;
      const want = await stored();
      const replicas = await searchListings();
      const behind = replicas.map((r) => want.filter(([id, title]) => r.get(id) !== title).length);
      return behind.some((n) => n > 0) ? `search: replicas behind by ${behind.join(', ')} listings` : undefined;
    };
    const settled = await until(
      async () => {
        const reason = await unsettled();
        if (reason === undefined) return true;
        waitingFor = reason;
        return false;
      },
      settleTimeout,
      1_000,
    );
    if (!settled) {
      notes.push(`not settled within ${settleTimeout / 1000} s (still waiting for ${waitingFor}): the judge reads what is there`);
      const lines = await diagnostics(opts.dataDir, nats!);
      for (const line of lines) log(`  ${line}`);
      // The failed test prints its notes: the last warnings of the service it waits for go there too (a CI log may keep only its end).
      const waitedOn = /^(\w+)'s outbox/.exec(waitingFor)?.[1];
      if (waitedOn) notes.push(...lines.filter((l) => l.startsWith(waitedOn)).map((l) => `  ${l}`));
    }
    const pipelinePhases = await sampler.stop();
    // Back to 0 once settled, as the metrics say (their gauges are read at each scrape; bounded wait).
    let after = await readPipeline(origins());
    await until(async () => {
      after = await readPipeline(origins());
      return after.outboxAgeS === 0 && after.backlog === 0;
    }, 30_000, 500);
    log(`pipeline (metrics): ${pipelinePhases.map((p) => `${p.phase}: outbox age ≤ ${p.outboxAgeMaxS.toFixed(1)} s, backlog ≤ ${p.backlogMax}`).join('; ')}; after: outbox age ${after.outboxAgeS ?? '—'} s, backlog ${after.backlog ?? '—'}`);
    log('judging');
    const verdict = await judge({ records: load.records, phases, recovery, writesAgain, dbs, nats, adId, mailStoreFile: chaos.mailStoreFile, searchListings: await searchListings() });
    writeFileSync(path.join(opts.dataDir, 'writes.json'), JSON.stringify(load.records));
    const pipelineTable = [
      '',
      'event pipeline, read from the services’ metrics (largest in each phase):',
      ...pipelinePhases.map((p) => `  ${p.phase}: oldest outbox event ${p.outboxAgeMaxS.toFixed(1)} s, consumer backlog ${p.backlogMax} (${p.samples} samples)`),
      `  after settling: oldest outbox event ${after.outboxAgeS ?? '—'} s, consumer backlog ${after.backlog ?? '—'}`,
    ].join('\n');
    return { verdict, table: formatTable(verdict) + pipelineTable, notes, pipeline: { phases: pipelinePhases, after } };
  } finally {
    await sampler?.stop().catch(() => undefined);
    await nats?.close().catch(() => undefined);
    await mongo.close().catch(() => undefined);
    await chaos.stop();
  }
}

/** The sum of a column over the fault phases. */
export const total = (v: Verdict, field: 'lost' | 'duplicated' | 'eventsLost' | 'eventsDoubled' | 'hung' | 'acked') => v.phases.reduce((s, p) => s + p[field], 0);
export type { WriteKind };
