/**
 * The local stack is derived from the manifests (issue 35 §1): a new team's folder — its service.json and the
 * configuration schema it points at — is started by `npm start` after the services it calls, takes part in REPLICAS,
 * and is given the settings its schema reads, with no file outside its folder changed. Here the team's folder is in a
 * temporary copy of the repository's manifests (inside the working tree, so Node finds the workspace's packages).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadServiceSettings, parseReplicas, servicePorts, startOrder } from '../src/catalogue.ts';
import { discoverDeployables, type ServiceDeployable } from '../src/deployables.ts';
import { repoRoot } from '../src/paths.ts';
import { serviceSpecs, type StackContext } from '../src/stack-env.ts';

const REPO = repoRoot();
let root: string;

beforeAll(() => {
  mkdirSync(path.join(REPO, '.data', 'tmp'), { recursive: true });
  root = mkdtempSync(path.join(REPO, '.data', 'tmp', 'catalogue-'));
  // The repository's services as they are (manifests and configuration schemas; the schemas import the kit).
  for (const d of discoverDeployables(REPO).services) {
    mkdirSync(path.join(root, d.folder), { recursive: true });
    cpSync(path.join(REPO, d.folder, 'service.json'), path.join(root, d.folder, 'service.json'));
    cpSync(path.join(REPO, d.folder, 'src'), path.join(root, d.folder, 'src'), { recursive: true });
  }
  // The new team's service: it calls listings (every replica) and identity, and reads a setting of its own.
  const team = path.join(root, 'services', 'events');
  mkdirSync(path.join(team, 'src'), { recursive: true });
  writeFileSync(
    path.join(team, 'service.json'),
    JSON.stringify({
      name: 'events',
      kind: 'service',
      description: 'A new team: community events',
      port: 4100,
      config: { module: 'src/settings.ts', export: 'EventsEnv' },
      routes: [{ prefix: '/api/events' }],
      calls: [
        { service: 'listings', env: 'LISTINGS_URL', origins: 'all' },
        { service: 'identity', env: 'IDENTITY_URL' },
      ],
      replicas: { default: 1, max: 4 },
    }),
  );
  writeFileSync(
    path.join(team, 'src', 'settings.ts'),
    `import { z } from 'zod';
export const EventsEnv = z.object({ PORT: z.coerce.number(), PUBLIC_URL: z.url(), LISTINGS_URL: z.string(), IDENTITY_URL: z.url(), SEED_DEMO_DATA: z.string().optional(), REMINDER_HOUR: z.coerce.number().default(9) });
`,
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ctxFor = (ports: Record<string, number>): StackContext => ({
  root,
  dataDir: path.join(root, 'data'),
  infraEnv: {},
  ports,
  publicUrl: 'http://localhost:8080',
  keys: { privateKeyFile: 'a', publicKeyFile: 'b' },
  demoData: true,
  web: 'folders',
});

test("a new team's service is started, after those it calls and before the gateway, given what its own schema reads", async () => {
  const deployables = discoverDeployables(root);
  const specs = await serviceSpecs(root, deployables);
  const order = specs.map((s) => s.name);
  expect(order).toContain('events');
  expect(order.indexOf('events')).toBeGreaterThan(order.indexOf('listings'));
  expect(order.indexOf('events')).toBeLessThan(order.indexOf('gateway'));
  const events = specs.find((s) => s.name === 'events')!;
  expect(events.entry).toBe(path.join('services', 'events', 'src', 'main.ts'));
  expect([...events.settings].sort()).toEqual(['IDENTITY_URL', 'LISTINGS_URL', 'PORT', 'PUBLIC_URL', 'REMINDER_HOUR', 'SEED_DEMO_DATA']);

  const replicas = parseReplicas('events=3,listings=2', deployables);
  expect(replicas).toEqual({ events: 3, listings: 2 });
  const ports: Record<string, number> = { ...servicePorts(100, deployables), 'listings#2': 4112, 'events#2': 4210, 'events#3': 4220 };
  expect(ports.events).toBe(4200);
  expect(events.env({ ...ctxFor(ports), replicas })).toEqual({
    PUBLIC_URL: 'http://localhost:8080',
    SEED_DEMO_DATA: 'true',
    LISTINGS_URL: 'http://127.0.0.1:4102,http://127.0.0.1:4112',
    IDENTITY_URL: 'http://127.0.0.1:4101',
  });
  // The gateway reads a <NAME>_URL per manifest beside its own: the new service's among them, with every replica's origin.
  const gateway = specs.find((s) => s.name === 'gateway')!;
  expect(gateway.settings).toContain('EVENTS_URL');
  expect(gateway.env({ ...ctxFor(ports), replicas })).toMatchObject({ EVENTS_URL: 'http://127.0.0.1:4200,http://127.0.0.1:4210,http://127.0.0.1:4220' });
  expect(() => parseReplicas('events=5', deployables)).toThrow('REPLICAS: events: the count must be a whole number from 1 to 4, not "5"');
});

test('the settings are the keys of the schema each manifest points at; a pointer to nothing is refused, naming the manifest', async () => {
  const settings = await loadServiceSettings(root, discoverDeployables(root));
  expect(settings.listings).toContain('LINK_SIGNING_KEY');
  expect(settings.events).toContain('REMINDER_HOUR');
  const broken = discoverDeployables(root);
  const events = broken.services.find((s) => s.manifest.name === 'events')!;
  const wrong = { ...broken, services: [{ ...events, manifest: { ...events.manifest, config: { module: 'src/settings.ts', export: 'Nope' } } }] };
  await expect(loadServiceSettings(root, wrong)).rejects.toThrow('services/events/service.json: config: src/settings.ts has no zod object export "Nope"');
});

test('services calling each other in a circle are refused, naming the circle', () => {
  const service = (name: string, port: number, calls: string[]): ServiceDeployable => ({
    folder: `services/${name}`,
    manifest: {
      name,
      kind: 'service',
      description: name,
      port,
      entry: 'src/main.ts',
      config: { module: 'src/config.ts', export: 'Env' },
      routes: [],
      publishes: [],
      consumes: [],
      calls: calls.map((c) => ({ service: c, env: `${c.toUpperCase()}_URL`, origins: 'one' as const })),
      replicas: { default: 1, max: 9 },
      health: { live: '/healthz', ready: '/readyz' },
    },
  });
  expect(startOrder([service('b', 4002, ['a']), service('a', 4001, [])]).map((s) => s.manifest.name)).toEqual(['a', 'b']);
  expect(() => startOrder([service('a', 4001, ['b']), service('b', 4002, ['a'])])).toThrow('services call each other in a circle: a → b → a');
});
