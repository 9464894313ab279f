/**
 * Hostile input must never take a service down (issue 16). Every endpoint of every service and of the gateway
 * (support/hostile/corpus.ts: CORPUS) gets the corpus, through the gateway and directly, from a logged-in attacker
 * (an admin attacker for the admin endpoints); each service's setup first makes the records the fuzz aims at and one
 * it never names. Then: no answer was a 5xx, every error was JSON with `error`, protected endpoints refused the logged
 * out (401) and non-admins (403), /internal paths answered 404 through the gateway, every process still answers
 * /readyz and none was restarted by the supervisor (nothing crashed), and every collection of every service's
 * database is as it was, but for what the corpus's stored-data rules allow (what the fuzz's valid requests did).
 * This file names no service: a new one is covered by its corpus entry (the site's in CORPUS, a team's from its own
 * folder: support/team-checks.ts), and a running service without one fails the first test.
 * Seeded (FUZZ_SEED) and bounded: a few thousand requests, a few at a time; the run time is printed.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { MongoClient } from 'mongodb';
import type { ProcessStatus } from '../infra/src/supervisor.ts';
import { e2eEnv } from './support/env.ts';
import { loadCorpora, type Corpora } from './support/hostile/corpus.ts';
import { ATTACKER_USER_AGENT, MALFORMED_HTTP, accessProbes, hostileRequests, internalProbes, type HostileRequest } from './support/hostile/generators.ts';
import { KIT_STORED, REFUSED_UNREAD, isPageAnswer } from './support/hostile/rules.ts';
import type { CallResult, FuzzContext, FuzzOutcome, FuzzSessions, StoredDoc } from './support/hostile/types.ts';
import { discoverDeployables } from '../infra/src/deployables.ts';
import { repoRoot } from '../infra/src/paths.ts';
import { seededRandom } from '../infra/src/seeded-random.ts';
import { createAdmin, loginDirect, newUser, registerDirect } from './support/site.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const CONCURRENCY = 6;

interface Answer {
  /** -1: the connection ended before any answer. */
  status: number;
  contentType: string;
  body: string;
  /** The connection was reset or broken (before the answer, or while it came). */
  reset?: string | undefined;
}

/**
 * A request a server refuses before reading it (413 over the body limit, 431 over the header limit) and then closes:
 * the client may still be writing, and the reset that follows can reach it before, or instead of, the refusal.
 * For these alone a reset is the right answer; for any other request it is a failure.
 */
function refusedUnread(req: HostileRequest): boolean {
  const headerBytes = req.path.length + Object.entries(req.headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
  return (req.body?.length ?? 0) > REFUSED_UNREAD.bodyBytes || headerBytes > REFUSED_UNREAD.headerBytes;
}

let attackerIp = 1;
/**
 * One request as it is (node:http sends what fetch refuses). Through the gateway each request comes from another
 * loopback address (127.0.0.2-254): the gateway's per-IP limits would otherwise answer most of the corpus with 429
 * and leave the browser tests of the same run without a budget.
 */
function send(base: string, req: HostileRequest, viaGateway: boolean): Promise<Answer> {
  const url = new URL(base);
  attackerIp = (attackerIp % 253) + 1;
  return new Promise((resolve, reject) => {
    let answer: Answer | undefined;
    const chunks: Buffer[] = [];
    const r = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        headers: { 'user-agent': ATTACKER_USER_AGENT, ...req.headers, ...(req.body ? { 'content-length': String(req.body.length) } : {}) },
        agent: false,
        ...(viaGateway ? { localAddress: `127.0.0.${attackerIp + 1}` } : {}),
        timeout: 15_000,
      },
      (res) => {
        answer = { status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: '' };
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < 65_536) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => resolve({ ...answer!, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ ...answer!, body: Buffer.concat(chunks).toString('utf8'), reset: err.code ?? err.message }));
      },
    );
    r.on('timeout', () => r.destroy(new Error('no answer within 15 s')));
    r.on('error', (err: NodeJS.ErrnoException) => {
      if (answer) resolve({ ...answer, body: Buffer.concat(chunks).toString('utf8'), reset: err.code ?? err.message });
      else if (err.code === 'EPIPE' || err.code === 'ECONNRESET') resolve({ status: -1, contentType: '', body: '', reset: err.code });
      else reject(err);
    });
    r.end(req.body);
  });
}

/** Writes bytes to a socket as they are and reads the answer until the server closes. */
function sendRaw(base: string, bytes: string): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? resolve(Buffer.concat(chunks).toString('latin1')) : reject(err)));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.setTimeout(10_000, () => socket.destroy());
  });
}

/** What is wrong with an answer, or null: no 5xx, every error JSON with an `error` text, a reset only where right. */
function fault(answer: Answer, req: Pick<HostileRequest, 'method' | 'path' | 'headers' | 'body'> & { name?: string }): string | null {
  if (answer.reset) {
    if (!refusedUnread(req as HostileRequest)) return `connection ${answer.reset} ${answer.status === -1 ? 'before any answer' : `during a ${answer.status} answer`}`;
    if (answer.status === -1) return null; // refused unread, then closed (see refusedUnread)
    return answer.status >= 500 ? `status ${answer.status}` : null;
  }
  if (answer.status >= 500) return `status ${answer.status}: ${answer.body.slice(0, 200)}`;
  if (answer.status >= 400 && req.method !== 'HEAD') {
    if (!/^application\/json/.test(answer.contentType)) return `status ${answer.status} with ${answer.contentType || 'no content type'}: ${answer.body.slice(0, 100)}`;
    try {
      const body = JSON.parse(answer.body) as { error?: unknown };
      if (typeof body.error !== 'string' || body.error === '') return `status ${answer.status} without an error text: ${answer.body.slice(0, 100)}`;
    } catch {
      return `status ${answer.status} with a body that is not JSON: ${answer.body.slice(0, 100)}`;
    }
  }
  return null;
}

async function inBatches<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

async function control<T>(action: string): Promise<T> {
  const res = await fetch(`${e2eEnv().controlUrl}${action}`, { method: 'POST', signal: AbortSignal.timeout(60_000) });
  if (!res.ok) throw new Error(`${action}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Every stored document of every database but MongoDB's own: `<db>.<collection>` → id → document. */
type Snapshot = Map<string, Map<string, StoredDoc>>;

async function storedDocuments(client: MongoClient): Promise<Snapshot> {
  const snapshot: Snapshot = new Map();
  const { databases } = await client.db().admin().listDatabases();
  for (const { name } of databases) {
    if (['admin', 'local', 'config'].includes(name)) continue;
    const db = client.db(name);
    for (const { name: coll } of await db.listCollections().toArray()) {
      if (coll.startsWith('system.')) continue;
      const docs = new Map<string, StoredDoc>();
      for (const doc of await db.collection(coll).find().toArray()) docs.set(String(doc._id), doc as StoredDoc);
      snapshot.set(`${name}.${coll}`, docs);
    }
  }
  return snapshot;
}

const serialized = (s: Snapshot) => JSON.stringify([...s].map(([k, docs]) => [k, [...docs]]));
const pendingEvents = (s: Snapshot) => [...s].some(([k, docs]) => k.endsWith('.outbox') && [...docs.values()].some((d) => d.status === 'pending'));

/**
 * The stored data once the system has caught up: every outbox entry published and two snapshots in a row the same
 * (the consumers' work on earlier events — views, counters, image claims — lands after the answers). Bounded: after
 * 20 s the last snapshot is taken as it is, and the comparison shows what still moved.
 */
async function settledDocuments(client: MongoClient): Promise<Snapshot> {
  const deadline = Date.now() + 20_000;
  let last = await storedDocuments(client);
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const now = await storedDocuments(client);
    if ((serialized(now) === serialized(last) && !pendingEvents(now)) || Date.now() > deadline) return now;
    last = now;
  }
}

const without = (doc: StoredDoc, fields: string[]) => JSON.stringify(Object.fromEntries(Object.entries(doc).filter(([k]) => !fields.includes(k))));

/** Every difference between two snapshots that the corpus's stored-data rules do not allow, and what they allowed. */
function unexplainedChanges(corpora: Corpora, before: Snapshot, after: Snapshot, outcome: FuzzOutcome): { problems: string[]; allowed: string[] } {
  const problems: string[] = [];
  const allowed: string[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const [db = '', coll = ''] = key.split(/\.(.*)/s);
    const service = corpora.services.find((s) => s === db);
    const rule = (service ? corpora.all[service]!.stored?.[coll] : undefined) ?? KIT_STORED[coll] ?? {};
    const records = (service ? outcome.records[service] : undefined) ?? {};
    const idsOf = (names: string[] | undefined) => new Set((names ?? []).map((n) => records[n]).filter((id): id is string => Boolean(id)));
    const removable = idsOf(rule.removable);
    const mutableIds = rule.mutable?.records ? idsOf(rule.mutable.records) : undefined;
    const was = before.get(key) ?? new Map<string, StoredDoc>();
    const is = after.get(key) ?? new Map<string, StoredDoc>();
    for (const [id, doc] of was) {
      const now = is.get(id);
      if (!now) {
        const expired = rule.expiresAt && doc[rule.expiresAt] instanceof Date && (doc[rule.expiresAt] as Date).getTime() <= Date.now();
        if (!removable.has(id) && !expired) problems.push(`${key} ${id}: missing`);
        continue;
      }
      const ignored = rule.mutable && (!mutableIds || mutableIds.has(id)) ? rule.mutable.fields : [];
      if (without(doc, ignored) !== without(now, ignored)) {
        const fields = [...new Set([...Object.keys(doc), ...Object.keys(now)])].filter((f) => !ignored.includes(f) && JSON.stringify(doc[f]) !== JSON.stringify(now[f]));
        problems.push(`${key} ${id}: changed ${fields.join(', ')}`);
      }
    }
    for (const [id, doc] of is) {
      if (!was.has(id) && !rule.added?.(doc, outcome)) problems.push(`${key} ${id}: added ${JSON.stringify(doc).slice(0, 200)}`);
    }
    const added = [...is.keys()].filter((id) => !was.has(id)).length;
    const removed = [...was.keys()].filter((id) => !is.has(id)).length;
    if (added || removed) allowed.push(`${key} +${added} -${removed}`);
  }
  return { problems, allowed };
}

/** JSON calls to a service directly, for the corpus's setups and cleanups. */
async function call(service: string, method: string, path: string, opts: { cookie?: string; json?: unknown; raw?: { type: string; data: Buffer } } = {}): Promise<CallResult> {
  const headers: Record<string, string> = opts.cookie ? { cookie: opts.cookie } : {};
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.raw) {
    headers['content-type'] = opts.raw.type;
    body = new Uint8Array(opts.raw.data);
  }
  const res = await fetch(`${e2eEnv().serviceUrls[service]}${path}`, { method, headers, body, signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: the text itself
  }
  return { status: res.status, body: parsed };
}

/** The ids a valid changing request was answered with: `id`, and the URLs of an upload. */
function answeredIds(answer: Answer): string[] {
  try {
    const body = JSON.parse(answer.body) as { id?: unknown; urls?: unknown };
    return [body.id, ...(Array.isArray(body.urls) ? body.urls : [])].filter((v): v is string => typeof v === 'string');
  } catch {
    return [];
  }
}

const sha256 = async (url: string) => {
  const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  return `${res.status} ${createHash('sha256').update(Buffer.from(await res.arrayBuffer())).digest('hex')}`;
};

describe('hostile input (issue 16)', () => {
  const env = e2eEnv();
  let mongo: MongoClient;
  let ctx: FuzzContext;
  const outcome: FuzzOutcome = { records: {}, answered: new Set(), users: new Set(), outboxIds: new Set() };
  let corpora: Corpora;
  let before: Snapshot;
  let filesBefore: Map<string, string>;
  let statusBefore: ProcessStatus[];

  /** A corpus's stored files, as the service that stores them serves them (the gateway's through the gateway). */
  const fileUrls = (name: string) =>
    (corpora.all[name]!.files ?? []).map((p) => `${name === 'gateway' ? env.site : env.serviceUrls[name]}${p.replace(/:(\w+)/g, (_, r: string) => outcome.records[name]?.[r] ?? `:${r}`)}`);
  const allFiles = async () => new Map(await Promise.all(Object.keys(corpora.all).flatMap(fileUrls).map(async (url) => [url, await sha256(url)] as const)));

  beforeAll(async () => {
    corpora = await loadCorpora();
    mongo = await MongoClient.connect(env.infra.MONGO_URL);
    const admin = newUser('fuzzadmin');
    await createAdmin(admin);
    const sessions: FuzzSessions = {
      attacker: `cp_session=${await registerDirect(newUser('attacker'))}`,
      admin: `cp_session=${await loginDirect(admin)}`,
      victim: `cp_session=${await registerDirect(newUser('victim'))}`,
      bystander: `cp_session=${await registerDirect(newUser('bystander'))}`,
    };
    const userIds = {} as FuzzContext['userIds'];
    for (const [who, cookie] of Object.entries(sessions) as Array<[keyof FuzzSessions, string]>) {
      const me = await call('identity', 'GET', '/api/auth/user', { cookie });
      userIds[who] = String((me.body as { id?: unknown }).id);
    }
    outcome.users = new Set([userIds.attacker, userIds.admin]);
    ctx = { sessions, userIds, call: (service, method, path, opts) => call(service, method, path, opts) };
    for (const [name, corpus] of Object.entries(corpora.all)) outcome.records[name] = await corpus.setup(ctx);
    before = await settledDocuments(mongo);
    filesBefore = await allFiles();
    statusBefore = await control<ProcessStatus[]>('/status');
  });
  afterAll(async () => {
    await mongo?.close();
    if (ctx) for (const corpus of Object.values(corpora.all)) await corpus.cleanup?.(ctx, outcome);
  });

  it('has a corpus for every service of the site, the teams\' included', () => {
    const services = discoverDeployables(repoRoot()).services.filter((s) => s.manifest.kind === 'service').map((s) => s.manifest.name);
    expect(services.filter((s) => !corpora.services.includes(s))).toEqual([]);
  });

  it('answers every hostile request with a 4xx JSON error or a success, never a 5xx, through the gateway and directly', async () => {
    const started = Date.now();
    const rnd = seededRandom(SEED);
    const faults: string[] = [];
    let sent = 0;
    let resets = 0;
    const gateway = { name: 'gateway', base: env.site, viaGateway: true };
    const direct = (name: string) => ({ name, base: env.serviceUrls[name]!, viaGateway: false });
    type Target = typeof gateway;
    interface Work {
      target: Target;
      req: HostileRequest;
      /** An extra rule for this answer, besides fault(). */
      check?: (a: Answer) => string | null;
    }
    // Phase 1: every endpoint but the DELETEs; phase 2: the DELETEs, so that nothing is deleted under the others.
    const phases: [Work[], Work[]] = [[], []];
    const withSession = (req: HostileRequest, cookie: string | null): HostileRequest =>
      cookie && !req.headers.cookie && !req.headers.authorization ? { ...req, headers: { ...req.headers, cookie } } : req;
    for (const name of Object.keys(corpora.all)) {
      const endpoints = corpora.endpointsOf(name);
      for (const endpoint of endpoints) {
        const id = outcome.records[name]?.[endpoint.target ?? 'victim'] ?? 'no-such-record';
        const reach = name === 'gateway' ? 'gateway' : (endpoint.reach ?? 'both');
        const targets = reach === 'gateway' ? [gateway] : reach === 'direct' ? [direct(name)] : [gateway, direct(name)];
        const refusedByGateway = reach === 'internal' ? (a: Answer) => (a.status >= 400 && a.status < 500) || a.status === -1 ? null : `status ${a.status} through the gateway for an internal path` : undefined;
        const phase = phases[endpoint.method === 'DELETE' ? 1 : 0];
        // The attacker's session goes with every request that does not bring its own credentials, so the bodies
        // reach the code behind the login check (an admin's for the admin endpoints).
        const session = endpoint.sessionless ? null : endpoint.auth === 'admin' ? ctx.sessions.admin : ctx.sessions.attacker;
        for (const req of hostileRequests(endpoint, rnd, id, endpoints)) {
          for (const target of targets) phase.push({ target, req: withSession(req, session), ...(target.viaGateway && refusedByGateway ? { check: refusedByGateway } : {}) });
        }
        for (const probe of accessProbes(endpoint, id)) {
          const expected = (a: Answer) => (a.status === probe.status ? null : `status ${a.status}, expected ${probe.status}`);
          for (const target of targets) phases[0].push({ target, req: withSession(probe.req, probe.caller === 'attacker' ? ctx.sessions.attacker : null), check: expected });
        }
        if (reach === 'internal') {
          for (const req of internalProbes(endpoint, id)) phases[0].push({ target: gateway, req, check: (a) => (a.status === 404 ? null : `status ${a.status}, expected 404`) });
        }
      }
    }
    for (const work of phases) {
      await inBatches(work, async ({ target, req, check }) => {
        sent += 1;
        try {
          const answer = await send(target.base, req, target.viaGateway);
          const problem = (isPageAnswer(answer, req, target.viaGateway) ? null : fault(answer, req)) ?? check?.(answer) ?? null;
          if (problem) faults.push(`${target.name} ${req.name}: ${problem}`);
          if (answer.reset) resets += 1;
          if (answer.status >= 200 && answer.status < 300 && !['GET', 'HEAD', 'OPTIONS'].includes(req.method)) for (const id of answeredIds(answer)) outcome.answered.add(id);
        } catch (err) {
          faults.push(`${target.name} ${req.name}: ${(err as Error).message}`);
        }
      });
    }
    for (const target of [gateway, ...corpora.services.map(direct)]) {
      for (const m of MALFORMED_HTTP) {
        const host = new URL(target.base).host;
        const raw = await sendRaw(target.base, m.raw(host));
        const [head = '', body = ''] = raw.split('\r\n\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
        const problem = status === 0 ? `no HTTP answer: ${JSON.stringify(raw.slice(0, 80))}` : fault({ status, contentType: /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '', body }, { method: 'GET', path: '/', headers: {} });
        if (problem) faults.push(`${target.name} raw ${m.name}: ${problem}`);
        sent += 1;
      }
    }
    // The users the fuzz's valid registrations made are the fuzz's own (their sessions may appear).
    for (const id of outcome.answered) outcome.users.add(id);
    process.stderr.write(`[hostile-input] ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (${resets} refused unread and reset), seed ${SEED}\n`);
    expect(sent).toBeGreaterThan(1_000);
    expect(faults).toEqual([]);
    // Bounded by its corpus (a fixed count of requests), not by time: a busy machine takes longer over the same count.
  }, 300_000);

  it('leaves every process ready and running: nothing crashed, nothing was restarted', async () => {
    for (const { name } of statusBefore) {
      const res = await fetch(`${env.serviceUrls[name]}/readyz`, { signal: AbortSignal.timeout(10_000) });
      expect({ name, status: res.status }).toEqual({ name, status: 200 });
    }
    const after = await control<ProcessStatus[]>('/status');
    expect(after.map((p) => ({ name: p.name, state: p.state, pid: p.pid, restarts: p.restarts }))).toEqual(
      statusBefore.map((p) => ({ name: p.name, state: 'up', pid: p.pid, restarts: p.restarts })),
    );
  });

  it('leaves the stored data as it was, but for what the valid requests among the corpus did', async () => {
    // Each service's untouched record is in the snapshot (so the comparison below covers it, every field).
    const untouched = corpora.services.filter((s) => outcome.records[s]?.untouched).map((s) => ({ s, found: [...before].some(([k, docs]) => k.startsWith(`${s}.`) && docs.has(outcome.records[s]!.untouched!)) }));
    expect(untouched.filter((u) => !u.found)).toEqual([]);
    const after = await settledDocuments(mongo);
    outcome.outboxIds = new Set([...after].filter(([k]) => k.endsWith('.outbox')).flatMap(([, docs]) => [...docs.keys()]));
    const { problems, allowed } = unexplainedChanges(corpora, before, after, outcome);
    process.stderr.write(`[hostile-input] stored data: ${[...before.values()].reduce((n, d) => n + d.size, 0)} documents before; added/removed: ${allowed.join(', ')}\n`);
    expect(problems).toEqual([]);
    expect(await allFiles()).toEqual(filesBefore);
  });
});

describe('the supervisor (npm start) restarts a process that dies', () => {
  it('brings listings back after it is killed, and counts the restart', async () => {
    const env = e2eEnv();
    const before = (await control<ProcessStatus[]>('/status')).find((p) => p.name === 'listings')!;
    expect(before.state).toBe('up');
    process.kill(before.pid!, 'SIGKILL');
    const deadline = Date.now() + 60_000;
    let now: ProcessStatus | undefined;
    for (;;) {
      now = (await control<ProcessStatus[]>('/status')).find((p) => p.name === 'listings');
      if (now?.state === 'up' && now.pid !== before.pid) break;
      if (Date.now() > deadline) throw new Error(`listings not back within 60 s: ${JSON.stringify(now)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(now).toMatchObject({ restarts: before.restarts + 1, lastExit: 'signal SIGKILL' });
    // Through the gateway as soon as its breaker for listings (opened by requests while it was down) lets it through.
    let status = 0;
    for (const until = Date.now() + 30_000; status !== 200 && Date.now() < until; ) {
      status = (await fetch(`${env.site}/api/listings`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
  });
});
