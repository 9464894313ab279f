/**
 * What `npm start` (startServices) gives each process: only the variables its own configuration schema reads, and
 * with them each service's own loader accepts its environment. No process is started here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allSettings, processEnv, SERVICE_SETTINGS, STATIC_SERVER_SETTINGS } from '../src/process-env.ts';
import { SERVICES, servicePorts, settingsOf, type StackContext } from '../src/stack.ts';
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
const others = allSettings(INFRA_ENV);
/** A process's environment as startServices builds it, from an empty inherited environment. */
const envOf = (name: string) => {
  const spec = SERVICES.find((s) => s.name === name)!;
  return processEnv(settingsOf(spec), { ...INFRA_ENV, NODE_ENV: 'development', ...spec.env(ctx), PORT: String(ctx.ports[name]) }, {}, others);
};

test('every service of the repository has its configuration schema here, and the stack starts each', () => {
  expect(Object.keys(SERVICE_SETTINGS).sort()).toEqual(serviceDirs());
  expect(SERVICES.map((s) => s.name).sort()).toEqual(serviceDirs());
});

test.each(SERVICES.map((s) => s.name))("%s: all the stack chooses for it is a variable it reads, and its own loader accepts what it gets", (name) => {
  const spec = SERVICES.find((s) => s.name === name)!;
  const unread = Object.keys(spec.env(ctx)).filter((k) => !settingsOf(spec).includes(k));
  expect(`${name}: ${unread.join(', ')}`).toBe(`${name}: `);
  expect(() => loadServiceConfig(name, envOf(name), keys)).not.toThrow();
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
  const remote = processEnv(STATIC_SERVER_SETTINGS, { STATIC_DIR: '/x/dist', PORT: '3101', MONGO_URL: 'mongodb://y' }, inherited, others);
  expect(remote).toEqual({ PATH: '/usr/bin', HOME: '/root', LOG_LEVEL: 'debug', NODE_ENV: 'test', STATIC_DIR: '/x/dist', PORT: '3101' });
});
