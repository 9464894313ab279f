/**
 * What `npm start` (startServices) gives each process: only the variables its own configuration schema reads, and
 * with them each service's own loader accepts its environment. No process is started here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadServiceSettings } from '../src/catalogue.ts';
import { allSettings, processEnv, STATIC_SERVER_SETTINGS } from '../src/process-env.ts';
import { servicePorts } from '../src/catalogue.ts';
import { serviceSpecs, type ServiceSpec, type StackContext } from '../src/stack-env.ts';
import { loadServiceConfig, loadServiceConfigs, serviceDirs, tempKeyFiles } from './support/operator-files.ts';

beforeAll(() => loadServiceConfigs());

/** The infrastructure's variables as startInfra gives them (the values do not matter, the names do). */
const INFRA_ENV = {
  MONGO_URL: 'mongodb://127.0.0.1:27017/?replicaSet=rs0&directConnection=true',
  NATS_URL: 'nats://127.0.0.1:4222',
  S3_ENDPOINT: '127.0.0.1',
  S3_PORT: '9000',
  S3_USE_SSL: 'false',
  S3_ACCESS_KEY: 'access',
  S3_SECRET_KEY: 'secret',
  S3_REGION: 'us-east-1',
  S3_BUCKET_UPLOADS: 'uploads',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '1025',
  MAIL_UI_URL: 'http://localhost:1080',
  MAIL_API_URL: 'http://127.0.0.1:1080',
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'cp-process-env-'));
const keys = tempKeyFiles();
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  keys.remove();
});
const ctx: StackContext = {
  root: path.resolve(__dirname, '..', '..'),
  dataDir,
  infraEnv: INFRA_ENV,
  ports: servicePorts(0),
  publicUrl: 'http://localhost:8080',
  keys: { privateKeyFile: keys.file('jwt-private.pem'), publicKeyFile: keys.file('jwt-public.pem') },
  demoData: true,
  demoPassword: 'demo-password',
  web: 'folders',
};
let SERVICES: ServiceSpec[];
let SERVICE_SETTINGS: Record<string, readonly string[]>;
let others: Set<string>;
beforeAll(async () => {
  SERVICES = await serviceSpecs();
  SERVICE_SETTINGS = await loadServiceSettings();
  others = allSettings(SERVICE_SETTINGS, INFRA_ENV);
});
/** A process's environment as startServices builds it, from an empty inherited environment. */
const envOf = (name: string) => {
  const spec = SERVICES.find((s) => s.name === name)!;
  return processEnv(spec.settings, { ...INFRA_ENV, NODE_ENV: 'development', ...spec.env(ctx), PORT: String(ctx.ports[name]) }, {}, others);
};

test('the stack starts every service of the repository, found by its manifest, each after the services it calls and the gateway last', () => {
  expect(Object.keys(SERVICE_SETTINGS).sort()).toEqual(serviceDirs());
  const order = SERVICES.map((s) => s.name);
  expect([...order].sort()).toEqual(serviceDirs());
  expect(order.at(-1)).toBe('gateway');
  expect(order[0]).toBe('identity');
  expect(order.indexOf('moderation')).toBeGreaterThan(order.indexOf('messages'));
  expect(order.indexOf('renderer')).toBeGreaterThan(order.indexOf('search'));
});

test("every service: all the stack chooses for it is a variable it reads, and its own loader accepts what it gets", () => {
  for (const spec of SERVICES) {
    const unread = Object.keys(spec.env(ctx)).filter((k) => !spec.settings.includes(k));
    expect(`${spec.name}: ${unread.join(', ')}`).toBe(`${spec.name}: `);
    expect(() => loadServiceConfig(spec.name, envOf(spec.name), keys)).not.toThrow();
  }
});

test('a service is given the address of each service it calls (one origin or every replica\'s), the gateway every service\'s', () => {
  const replicated = { ...ctx, ports: { ...ctx.ports, 'listings#2': 4012 }, replicas: { listings: 2 } };
  const env = (name: string) => SERVICES.find((s) => s.name === name)!.env(replicated);
  expect(env('messages')).toMatchObject({ LISTINGS_URL: 'http://127.0.0.1:4002', IDENTITY_URL: 'http://127.0.0.1:4001' });
  expect(env('renderer').LISTINGS_URL).toBe('http://127.0.0.1:4002,http://127.0.0.1:4012');
  expect(env('gateway')).toMatchObject({ LISTINGS_URL: 'http://127.0.0.1:4002,http://127.0.0.1:4012', MESSAGES_URL: 'http://127.0.0.1:4010' });
  expect(env('listings').LINK_SIGNING_KEY).toMatch(/^[\w-]{43}$/);
});

test('comms alone gets the SMTP settings; search and the gateway no MONGO_URL; of the infrastructure the gateway gets only NATS (the registry)', () => {
  const withSmtp = SERVICES.map((s) => s.name).filter((name) => Object.keys(envOf(name)).some((k) => k.startsWith('SMTP_')));
  expect(withSmtp).toEqual(['comms']);
  expect(envOf('comms')).toMatchObject({ SMTP_HOST: INFRA_ENV.SMTP_HOST, SMTP_PORT: INFRA_ENV.SMTP_PORT });
  expect(envOf('search').MONGO_URL).toBeUndefined();
  expect(envOf('search').NATS_URL).toBe(INFRA_ENV.NATS_URL);
  // NATS only to watch the run-time registry (issue 35); no database, no S3, no mail.
  expect(Object.keys(envOf('gateway')).filter((k) => k in INFRA_ENV)).toEqual(['NATS_URL']);
  expect(envOf('listings').S3_BUCKET_UPLOADS).toBe('uploads');
  for (const name of SERVICES.map((s) => s.name)) expect(`${name}: ${'MAIL_UI_URL' in envOf(name)}`).toBe(`${name}: false`);
});

test("the inherited environment keeps what is no process's setting, and only a process's own settings", () => {
  const inherited = { PATH: '/usr/bin', HOME: '/root', LOG_LEVEL: 'debug', SMTP_HOST: 'mail.example', MONGO_URL: 'mongodb://elsewhere', NODE_ENV: 'test' };
  const search = processEnv(SERVICE_SETTINGS.search!, { NODE_ENV: 'development', NATS_URL: 'nats://x' }, inherited, others);
  expect(search).toEqual({ PATH: '/usr/bin', HOME: '/root', LOG_LEVEL: 'debug', NODE_ENV: 'development', NATS_URL: 'nats://x' });
  const comms = processEnv(SERVICE_SETTINGS.comms!, { SMTP_PORT: '2525' }, inherited, others);
  expect(comms).toMatchObject({ SMTP_HOST: 'mail.example', SMTP_PORT: '2525', MONGO_URL: 'mongodb://elsewhere', LOG_LEVEL: 'debug', NODE_ENV: 'test' });
  const remote = processEnv(STATIC_SERVER_SETTINGS, { STATIC_DIR: '/x/dist', PORT: '3101', MONGO_URL: 'mongodb://y', NATS_URL: 'nats://x' }, inherited, others);
  // A remote's static server registers the remote (NATS), and reads nothing else of the infrastructure.
  expect(remote).toEqual({ PATH: '/usr/bin', HOME: '/root', LOG_LEVEL: 'debug', NODE_ENV: 'test', STATIC_DIR: '/x/dist', PORT: '3101', NATS_URL: 'nats://x' });
});
