/**
 * Issue 35 §2–3: the run-time registry. The table's rules as a pure function, then registration and watching on a
 * real NATS JetStream server of the test's own (it is stopped and started again here).
 */
import type { NatsConnection } from '@nats-io/nats-core';
import { REGISTRY_BUCKET, ServiceManifestSchema, type InstanceRecord, type RemoteManifest, type ServiceManifest } from '@cp/contracts';
import { Kvm } from '@nats-io/kv';
import { faultNats } from '../../../infra/src/jest/test-env.ts';
import type { FaultNats } from '../../../infra/src/types.ts';
import { buildRegistryTable, connectNatsClient, createLogger, instanceRecord, reachableAddress, registerInstance, watchRegistry, watchRegistryOver, type RegistryTable, type RegistryWatch } from '../src/index.ts';
import { until } from './support/until.ts';

const logger = createLogger('registry-test', 'silent');

const service = (name: string, prefixes: string[]): ServiceManifest =>
  ServiceManifestSchema.parse({ name, kind: 'service', description: `${name} for a test`, port: 4100, config: { module: 'src/config.ts', export: 'Env' }, routes: prefixes.map((prefix) => ({ prefix })) });
const remote = (name: string): RemoteManifest => ({ name, kind: 'remote', description: 'a test remote', port: 3190, devPort: 3090, replicas: { default: 1, max: 9 } });

let n = 0;
const record = (manifest: ServiceManifest | RemoteManifest, startedAt = new Date(Date.UTC(2026, 11, 1, 0, 0, n++)).toISOString(), port = 4100 + n): InstanceRecord => ({
  instanceId: `inst${String(n).padStart(4, '0')}x`,
  address: `http://127.0.0.1:${port}`,
  version: '1.0.0',
  startedAt,
  manifest,
});
const entry = (r: InstanceRecord) => ({ key: `${r.manifest.kind === 'remote' ? 'remote' : 'service'}.${r.manifest.name}.${r.instanceId}`, value: r });

describe('the registry table', () => {
  it('grants each service its prefixes and lists its instances oldest first', () => {
    const a1 = record(service('events', ['/api/events']));
    const a2 = record(service('events', ['/api/events', '/api/event-rsvps']));
    const t = buildRegistryTable([entry(a2), entry(a1), entry(record(remote('events')))]);
    expect(t.services.get('events')!.instances.map((i) => i.instanceId)).toEqual([a1.instanceId, a2.instanceId]);
    // The newest instance's manifest says what the service owns.
    expect(t.services.get('events')!.routes.map((r) => r.prefix)).toEqual(['/api/events', '/api/event-rsvps']);
    expect([...t.remotes.keys()]).toEqual(['events']);
    expect(t.refused).toEqual([]);
  });

  it('refuses a prefix owned by another service, or above or below it: the first owner keeps it, whatever the arrival order', () => {
    const first = record(service('events', ['/api/events']));
    const second = record(service('calendar', ['/api/events', '/api/events/ics', '/api/calendar']));
    for (const order of [[first, second], [second, first]]) {
      const t = buildRegistryTable(order.map(entry));
      expect(t.services.get('events')!.routes.map((r) => r.prefix)).toEqual(['/api/events']);
      expect(t.services.get('calendar')!.routes.map((r) => r.prefix)).toEqual(['/api/calendar']);
      expect(t.refused.map((r) => r.reason)).toEqual(['/api/events overlaps /api/events, owned by events', '/api/events/ics overlaps /api/events, owned by events']);
    }
    // A prefix owned outside the registry (the gateway's configured table) was there first.
    const t = buildRegistryTable([entry(record(service('thief', ['/api/listings/mine', '/api/thief'])))], [{ prefix: '/api/listings', service: 'listings' }]);
    expect(t.services.get('thief')!.routes.map((r) => r.prefix)).toEqual(['/api/thief']);
    expect(t.refused[0]!.reason).toBe('/api/listings/mine overlaps /api/listings, owned by listings');
  });

  it('refuses the platform’s reserved prefixes to a newcomer, and anything outside /api', () => {
    const t = buildRegistryTable([
      entry(record(service('events', ['/api/auth', '/api/admin/events', '/api/reports/x', '/events', '/uploads', '/api/events', '/events.ics', '/listings.ics', '/events.ics/x', '/events.html']))),
    ]);
    // Its own feed file at the site's root is its own (issue 38's calendar feed); another's, or a page, is not.
    expect(t.services.get('events')!.routes.map((r) => r.prefix)).toEqual(['/api/events', '/events.ics']);
    const outside = "is outside /api/: only the platform's reserved prefixes and the service's own feed files (/events.ics, .xml, .rss, .atom) may be";
    expect(t.refused.map((r) => r.reason)).toEqual([
      '/api/auth is reserved for identity (/api/auth)',
      '/api/admin/events is reserved for directory, moderation (/api/admin)',
      '/api/reports/x is reserved for moderation (/api/reports)',
      `/events ${outside}`,
      '/uploads is reserved for listings (/uploads)',
      `/listings.ics ${outside}`,
      `/events.ics/x ${outside}`,
      `/events.html ${outside}`,
    ]);
    // Their owners may.
    expect(buildRegistryTable([entry(record(service('identity', ['/api/auth'])))]).refused).toEqual([]);
  });

  it('refuses a record that is malformed or disagrees with its key (a service writing under another’s name)', () => {
    const r = record(service('events', ['/api/events']));
    const t = buildRegistryTable([
      { key: `service.listings.${r.instanceId}`, value: r },
      { key: 'service.events.zzzzzzzz', value: { ...r, address: 'not a url' } },
      { key: 'service.events.yyyyyyyy', value: 'garbage' },
    ]);
    expect(t.services.size).toBe(0);
    expect(t.refused.map((x) => x.key)).toEqual([`service.listings.${r.instanceId}`, 'service.events.zzzzzzzz', 'service.events.yyyyyyyy']);
    expect(t.refused[0]!.reason).toMatch(/does not match its key/);
    expect(t.refused[1]!.reason).toMatch(/^invalid registration: address/);
  });
});

describe('what an instance registers', () => {
  const m = service('events', ['/api/events']);
  it('is reached at its own host, its pod’s or container’s address when it listens on every interface, or ADVERTISE_URL', () => {
    expect(instanceRecord(m, { HOST: '127.0.0.1' }, 4300)).toMatchObject({ address: 'http://127.0.0.1:4300', version: 'dev', manifest: m });
    const eth0 = { address: '10.1.2.3', netmask: '255.255.0.0', family: 'IPv4' as const, mac: '00:00:00:00:00:01', internal: false, cidr: '10.1.2.3/16' };
    const lo = { ...eth0, address: '127.0.0.1', internal: true, cidr: '127.0.0.1/8' };
    expect(reachableAddress({ lo: [lo], eth0: [eth0] })).toBe('10.1.2.3');
    expect(reachableAddress({ lo: [lo] })).toBe('127.0.0.1');
    expect(instanceRecord(m, { HOST: '0.0.0.0' }, 4300).address).toBe(`http://${reachableAddress()}:4300`);
    expect(instanceRecord(m, { HOST: '0.0.0.0', ADVERTISE_URL: 'https://events.internal:8443', SERVICE_VERSION: '3' }, 4300)).toMatchObject({ address: 'https://events.internal:8443', version: '3' });
    const a = instanceRecord(m, { HOST: '127.0.0.1' }, 4300);
    const b = instanceRecord(m, { HOST: '127.0.0.1' }, 4300);
    expect(a.instanceId).not.toBe(b.instanceId);
  });

  it('says where its metrics are: its address’s host on its metrics port (none without one)', () => {
    expect(instanceRecord(m, { HOST: '127.0.0.1' }, 4300, 5300).metrics).toBe('http://127.0.0.1:5300');
    expect(instanceRecord(m, { HOST: '0.0.0.0', ADVERTISE_URL: 'http://10.1.2.3:4300' }, 4300, 5300).metrics).toBe('http://10.1.2.3:5300');
    expect(instanceRecord(m, { HOST: '127.0.0.1' }, 4300)).not.toHaveProperty('metrics');
    const table = buildRegistryTable([{ key: 'service.events.abcdef1', value: { ...instanceRecord(m, { HOST: '127.0.0.1' }, 4300, 5300), instanceId: 'abcdef1' } }]);
    expect(table.refused).toEqual([]);
    expect(table.services.get('events')?.instances[0]?.metrics).toBe('http://127.0.0.1:5300');
  });
});

describe('registration and watching on NATS', () => {
  let nats: FaultNats;
  let nc: NatsConnection;
  const watches: RegistryWatch[] = [];
  const timing = { ttlMs: 1_500, heartbeatMs: 400 };
  beforeAll(async () => {
    nats = await faultNats();
    nc = await connectNatsClient(nats.url, 'registry-test', { waitOnFirstConnect: true });
  });
  afterAll(async () => {
    for (const w of watches) await w.stop();
    await nc?.close();
    await nats?.close();
  });
  const watch = (conn: NatsConnection = nc) => {
    const w = watchRegistry({ nc: conn, logger, timing });
    watches.push(w);
    return w;
  };
  const names = (t: RegistryTable) => [...t.services.keys()].sort();

  it('a new instance shows within a heartbeat, a clean stop leaves at once, a dead one within the time-to-live', async () => {
    const w = watch();
    await w.ready;
    const changes: RegistryTable[] = [];
    w.onChange((t) => changes.push(t));
    const a = await registerInstance({ nc, record: instanceRecord(service('alpha', ['/api/alpha']), { HOST: '127.0.0.1' }, 4201), timing, logger });
    const b = await registerInstance({ nc, record: instanceRecord(service('beta', ['/api/beta']), { HOST: '127.0.0.1', SERVICE_VERSION: '2.1' }, 4202), timing, logger });
    await until('both registered', async () => names(w.table()).join() === 'alpha,beta', 5_000);
    expect(w.table().services.get('beta')!.instances[0]).toMatchObject({ address: 'http://127.0.0.1:4202', version: '2.1' });
    // Heartbeats of an unchanged record do not rebuild the table.
    const seen = changes.length;
    await new Promise((r) => setTimeout(r, 1_000));
    expect(changes.length).toBe(seen);
    await a.stop();
    await until('alpha gone at once', async () => names(w.table()).join() === 'beta', 1_000);
    // A process that dies does not delete its record: its heartbeats stop and the watchers expire it.
    const kv = await new Kvm(nc).open(REGISTRY_BUCKET);
    const dead = instanceRecord(service('gamma', ['/api/gamma']), { HOST: '127.0.0.1' }, 4203);
    await kv.put(`service.gamma.${dead.instanceId}`, JSON.stringify(dead));
    await until('gamma seen', async () => w.table().services.has('gamma'), 5_000);
    const putAt = Date.now();
    await until('gamma expired', async () => !w.table().services.has('gamma'), 10_000);
    expect(Date.now() - putAt).toBeGreaterThanOrEqual(timing.ttlMs - 200);
    expect(names(w.table())).toEqual(['beta']);
    // A watcher that starts now reads what is registered.
    const late = watch();
    await late.ready;
    expect(names(late.table())).toEqual(['beta']);
    await b.stop();
  });

  it('while NATS is away the watcher keeps its table; the instances register again when it returns', async () => {
    const w = watch();
    await w.ready;
    const c = await registerInstance({ nc, record: instanceRecord(service('delta', ['/api/delta']), { HOST: '127.0.0.1' }, 4204), timing, logger });
    await until('delta registered', async () => w.table().services.has('delta'), 5_000);
    await nats.stop();
    // Three times the time-to-live without NATS: nothing expires.
    await new Promise((r) => setTimeout(r, timing.ttlMs * 3));
    expect(w.table().services.has('delta')).toBe(true);
    await nats.start();
    // The server came back with its store; a record written only now proves the instance registered again, and a
    // watcher started after the restart sees it.
    await until('delta registered again after NATS returned', async () => {
      const fresh = watch();
      await fresh.ready;
      const has = fresh.table().services.has('delta');
      await fresh.stop();
      return has;
    }, 30_000);
    await until('the old watcher still lists delta after its grace', async () => {
      await new Promise((r) => setTimeout(r, timing.ttlMs * 1.5));
      return w.table().services.has('delta');
    }, 30_000);
    await c.stop();
    await until('delta gone', async () => !w.table().services.has('delta'), 10_000);
  });

  it('watchRegistryOver serves an empty table until NATS can be reached, then follows it', async () => {
    let attempts = 0;
    const w = watchRegistryOver({
      connect: async () => {
        attempts += 1;
        if (attempts < 3) throw new Error('NATS is not up yet');
        return connectNatsClient(nats.url, 'registry-over-test');
      },
      logger,
      timing,
    });
    watches.push(w);
    expect(w.table().services.size).toBe(0);
    const seen: string[][] = [];
    w.onChange((t) => seen.push(names(t)));
    const e = await registerInstance({ nc, record: instanceRecord(service('epsilon', ['/api/epsilon']), { HOST: '127.0.0.1' }, 4205), timing, logger });
    await w.ready;
    await until('epsilon seen through the late connection', async () => w.table().services.has('epsilon'), 10_000);
    expect(attempts).toBe(3);
    expect(seen.at(-1)).toContain('epsilon');
    await e.stop();
  });
});
