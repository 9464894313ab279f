/**
 * Hostile input must never take a service down (issue 16). Every endpoint of every service (support/hostile-corpus.ts)
 * gets the corpus, through the gateway and directly, from a logged-in attacker; the victim is another user's listing.
 * Then: no answer was a 5xx, every error was JSON with `error`, every process still answers /readyz and none was
 * restarted by the supervisor (nothing crashed), and the data stored before is unchanged.
 * Seeded (FUZZ_SEED) and bounded: about two thousand requests, a few at a time.
 */
import http from 'node:http';
import net from 'node:net';
import { MongoClient } from 'mongodb';
import type { ProcessStatus } from '../infra/src/stack.ts';
import { e2eEnv } from './support/env.ts';
import { ENDPOINTS, MALFORMED_HTTP, hostileRequests, seededRandom, type HostileRequest, type ServiceName } from './support/hostile-corpus.ts';
import { createAdmin, loginDirect, newUser, registerDirect } from './support/site.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const CONCURRENCY = 6;

interface Answer {
  status: number;
  contentType: string;
  body: string;
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
    const r = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        headers: { ...req.headers, ...(req.body ? { 'content-length': String(req.body.length) } : {}) },
        agent: false,
        ...(viaGateway ? { localAddress: `127.0.0.${attackerIp + 1}` } : {}),
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < 65_536) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    r.on('timeout', () => r.destroy(new Error('no answer within 15 s')));
    r.on('error', (err: NodeJS.ErrnoException) => {
      // A server may refuse a body it will not read (413 before the upload ends) and close: the answer came first.
      if (err.code === 'EPIPE' || err.code === 'ECONNRESET') resolve({ status: -1, contentType: '', body: err.code });
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

/** What is wrong with an answer, or null: no 5xx, every error JSON with an `error` text. */
function fault(answer: Answer, method: string): string | null {
  if (answer.status === -1) return null; // connection closed after a refusal (see send)
  if (answer.status >= 500) return `status ${answer.status}: ${answer.body.slice(0, 200)}`;
  if (answer.status >= 400 && method !== 'HEAD') {
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

/** Collections that change on their own (the outbox relay marks entries published) or by design on failed logins. */
const VOLATILE = /outbox|throttle/i;

/** Every stored document of every service's database, by database, collection and id. */
async function storedDocuments(client: MongoClient): Promise<Map<string, string>> {
  const docs = new Map<string, string>();
  const { databases } = await client.db().admin().listDatabases();
  for (const { name } of databases) {
    if (['admin', 'local', 'config'].includes(name)) continue;
    const db = client.db(name);
    for (const { name: coll } of await db.listCollections().toArray()) {
      if (VOLATILE.test(coll)) continue;
      for (const doc of await db.collection(coll).find().toArray()) docs.set(`${name}.${coll}.${String(doc._id)}`, JSON.stringify(doc));
    }
  }
  return docs;
}

const sessionCookie = (token: string) => `cp_session=${token}`;

async function deleteListingsOf(cookie: string): Promise<void> {
  const listings = e2eEnv().serviceUrls.listings!;
  const me = (await (await fetch(`${e2eEnv().identityUrl}/api/auth/user`, { headers: { cookie } })).json()) as { id?: string };
  if (!me.id) return;
  const page = (await (await fetch(`${listings}/api/listings?userId=${me.id}&pageSize=100`)).json()) as { items: Array<{ id: string }> };
  for (const l of page.items) await fetch(`${listings}/api/listings/${l.id}`, { method: 'DELETE', headers: { cookie } });
}

/** The businesses an admin created (the fuzz's valid requests), deleted again so other files see the directory as it was. */
async function deleteBusinessesOf(cookie: string): Promise<void> {
  const directory = e2eEnv().serviceUrls.directory!;
  const me = (await (await fetch(`${e2eEnv().identityUrl}/api/auth/user`, { headers: { cookie } })).json()) as { id?: string };
  if (!me.id) return;
  const all = (await (await fetch(`${directory}/api/businesses`)).json()) as Array<{ id: string; userId: string }>;
  for (const b of all.filter((x) => x.userId === me.id)) await fetch(`${directory}/api/admin/businesses/${b.id}`, { method: 'DELETE', headers: { cookie } });
}

/** Every ad, as an admin sees them. */
async function adsOf(adminCookie: string): Promise<Array<{ id: string }>> {
  return (await (await fetch(`${e2eEnv().serviceUrls.ads}/api/advertisements`, { headers: { cookie: adminCookie } })).json()) as Array<{ id: string }>;
}

describe('hostile input (issue 16)', () => {
  const env = e2eEnv();
  let mongo: MongoClient;
  let attacker: string;
  let victim: string;
  let victimListing: Record<string, unknown>;
  let victimPostId: string;
  let victimBusinessId: string;
  let victimAdId: string;
  let adsBefore: Set<string>;
  let adminAttacker: string;
  let before: Map<string, string>;
  let statusBefore: ProcessStatus[];

  beforeAll(async () => {
    mongo = await MongoClient.connect(env.infra.MONGO_URL);
    attacker = sessionCookie(await registerDirect(newUser('attacker')));
    victim = sessionCookie(await registerDirect(newUser('victim')));
    const created = await fetch(`${env.serviceUrls.listings}/api/listings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: victim },
      body: JSON.stringify({ category: 'Jobs', title: 'Cook wanted in Camp Hill', description: 'Full time cook for a small restaurant, evenings.', location: 'Camp Hill PA', tier: 'free', status: 'active' }),
    });
    expect(created.status).toBe(201);
    victimListing = (await created.json()) as Record<string, unknown>;
    before = await storedDocuments(mongo);
    statusBefore = await control<ProcessStatus[]>('/status');
    // A forum post of the victim's, made after the snapshot: the attacker's valid replies to it change it legitimately.
    const post = await fetch(`${env.serviceUrls.forum}/api/forum/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: victim },
      body: JSON.stringify({ category: 'Jobs', title: 'Cook wanted in Camp Hill', content: 'Full time cook for a small restaurant, evenings.' }),
    });
    expect(post.status).toBe(201);
    victimPostId = ((await post.json()) as { id: string }).id;
    // An admin attacker for the admin endpoints (their bodies are behind the admin check), and a business made after
    // the snapshot: the attacker's valid updates, reviews and its deletion change it legitimately.
    const admin = newUser('fuzzadmin');
    await createAdmin(admin);
    adminAttacker = sessionCookie(await loginDirect(admin));
    const business = await fetch(`${env.serviceUrls.directory}/api/admin/businesses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: adminAttacker },
      body: JSON.stringify({ name: 'Victim Sweets', mainCategory: 'Food & Dining', subCategory: 'Bakeries & Desserts', description: 'Fresh mithai.', address: '2 Market St, Carlisle, PA', phone: '717-555-0198' }),
    });
    expect(business.status).toBe(201);
    victimBusinessId = ((await business.json()) as { id: string }).id;
    adsBefore = new Set((await adsOf(adminAttacker)).map((a) => a.id));
    const ad = await fetch(`${env.serviceUrls.ads}/api/advertisements`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: adminAttacker },
      body: JSON.stringify({ title: 'Victim sale', description: 'Sweets half price.', ctaText: 'Shop', ctaUrl: 'https://victim.example' }),
    });
    expect(ad.status).toBe(201);
    victimAdId = ((await ad.json()) as { id: string }).id;
  });
  afterAll(async () => {
    await mongo?.close();
    // Other files count the listings: the victim's and any the attacker's valid requests created go again.
    for (const cookie of [attacker, victim].filter(Boolean)) await deleteListingsOf(cookie);
    if (adminAttacker) {
      await deleteBusinessesOf(adminAttacker);
      // The ads the fuzz's valid requests created (and the victim's) go again.
      for (const ad of await adsOf(adminAttacker)) if (!adsBefore.has(ad.id)) await fetch(`${env.serviceUrls.ads}/api/advertisements/${ad.id}`, { method: 'DELETE', headers: { cookie: adminAttacker } });
    }
  });

  it('answers every hostile request with a 4xx JSON error or a success, never a 5xx, through the gateway and directly', async () => {
    const rnd = seededRandom(SEED);
    const faults: string[] = [];
    let sent = 0;
    const targets = [
      { name: 'gateway', base: env.site, viaGateway: true },
      ...(['identity', 'listings', 'forum', 'directory', 'ads', 'comms'] as const).map((s) => ({ name: s, base: env.serviceUrls[s]!, viaGateway: false })),
    ];
    const work: Array<{ target: (typeof targets)[number]; req: HostileRequest }> = [];
    for (const endpoint of ENDPOINTS) {
      const ids: Partial<Record<ServiceName, string>> = { forum: victimPostId, directory: victimBusinessId, ads: victimAdId };
      const id = endpoint.path.startsWith('/uploads/') ? `${String(victimListing.id)}.webp` : (ids[endpoint.service] ?? String(victimListing.id));
      const session = endpoint.admin ? adminAttacker : attacker;
      for (const req of hostileRequests(endpoint, rnd, id)) {
        // The attacker's session goes with every request that does not bring its own credentials, so the bodies reach
        // the code behind the login check; logging out is fuzzed without it (it would end the session).
        const withSession = endpoint.path !== '/api/logout' && !req.headers.cookie && !req.headers.authorization;
        const sessioned = { ...req, headers: { ...req.headers, ...(withSession ? { cookie: session } : {}) } };
        for (const target of targets) {
          if (target.viaGateway ? true : target.name === endpoint.service) work.push({ target, req: sessioned });
        }
      }
    }
    await inBatches(work, async ({ target, req }) => {
      sent += 1;
      try {
        const answer = await send(target.base, req, target.viaGateway);
        const problem = fault(answer, req.method);
        if (problem) faults.push(`${target.name} ${req.name}: ${problem}`);
      } catch (err) {
        faults.push(`${target.name} ${req.name}: ${(err as Error).message}`);
      }
    });
    for (const target of targets) {
      for (const m of MALFORMED_HTTP) {
        const host = new URL(target.base).host;
        const raw = await sendRaw(target.base, m.raw(host));
        const [head = '', body = ''] = raw.split('\r\n\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
        const problem = status === 0 ? `no HTTP answer: ${JSON.stringify(raw.slice(0, 80))}` : fault({ status, contentType: /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '', body }, 'GET');
        if (problem) faults.push(`${target.name} raw ${m.name}: ${problem}`);
        sent += 1;
      }
    }
    process.stderr.write(`[hostile-input] ${sent} requests, seed ${SEED}\n`);
    expect(sent).toBeGreaterThan(1_000);
    expect(faults).toEqual([]);
  });

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

  it('leaves the data stored before unchanged: the victim\'s listing, every user, every stored document', async () => {
    const listing = await fetch(`${env.serviceUrls.listings}/api/listings/${String(victimListing.id)}`);
    expect(await listing.json()).toEqual(victimListing);
    const after = await storedDocuments(mongo);
    const changed = [...before].filter(([key, doc]) => after.get(key) !== doc).map(([key]) => key);
    expect(changed).toEqual([]);
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
    const res = await fetch(`${env.site}/api/listings?pageSize=1`);
    expect(res.status).toBe(200);
  });
});
