/**
 * docker-compose.yml, proved without a Docker engine: interpolated from compose.env.example as compose does, then
 * every service's environment checked by that service's own configuration loader, every image pinned, URLs and
 * ports against the gateway's routing and the services' ports, MongoDB, NATS and MinIO as the README says, and the
 * service images' dependencies (their own workspace's production closure, from package-lock.json).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { SERVICE_NAMES } from '../../services/gateway/src/proxy/routes-table.ts';
import { NATS_SERVER, readsSyncInterval } from '../src/components/nats.ts';
import { interpolate, interpolateTree, loadServiceConfig, loadServiceConfigs, PINNED_IMAGE, readEnvFile, remoteDirs, REPO, serviceDirs, staticServerReadyz, tempKeyFiles, type Env } from './support/operator-files.ts';

const COMPOSE_FILE = path.join(REPO, 'docker-compose.yml');
const EXAMPLE_ENV = path.join(REPO, 'compose.env.example');
const NATS_CONF = path.join(REPO, 'infra/docker/nats.conf');

const EnvMap = z.record(z.string(), z.union([z.string(), z.number()]).transform(String));
const Service = z.object({
  image: z.string().optional(),
  build: z.object({ context: z.string(), dockerfile: z.string(), target: z.string().optional(), args: EnvMap.optional() }).strict().optional(),
  command: z.array(z.string()).optional(),
  entrypoint: z.array(z.string()).optional(),
  environment: EnvMap.optional(),
  healthcheck: z.object({ test: z.array(z.string()) }).loose().optional(),
  depends_on: z.record(z.string(), z.object({ condition: z.enum(['service_started', 'service_healthy', 'service_completed_successfully']) })).optional(),
  volumes: z.array(z.string()).optional(),
  ports: z.array(z.string()).optional(),
  read_only: z.boolean().optional(),
  cap_drop: z.array(z.string()).optional(),
}).loose();
type Service = z.infer<typeof Service>;
const Compose = z.object({ services: z.record(z.string(), Service), volumes: z.record(z.string(), z.unknown()).optional() }).loose();

const rawCompose = readFileSync(COMPOSE_FILE, 'utf8');
const exampleVars = readEnvFile(EXAMPLE_ENV);
function loadCompose(vars: Env) {
  return Compose.parse(interpolateTree(parse(rawCompose, { merge: true }) as unknown, vars));
}
const compose = loadCompose(exampleVars);
const services = compose.services;
const svc = (name: string): Service => {
  const s = services[name];
  if (!s) throw new Error(`docker-compose.yml has no service "${name}"`);
  return s;
};
const envOf = (name: string): Env => (svc(name).environment ?? {}) as Env;

/** Containers built from the service recipe, by SERVICE; the gateway and the remotes from the web recipe. */
const builtFrom = (dockerfile: string) => Object.entries(services).filter(([, s]) => s.build?.dockerfile === dockerfile);

// ---------------------------------------------------------------------------------------------------------------------
// Dockerfiles: stages, their bases (global ARG defaults resolved), health checks.

interface Stage {
  name: string | undefined;
  base: string;
  healthcheck: string[] | undefined;
  runs: string[];
}
function readDockerfile(file: string): Stage[] {
  const lines = readFileSync(path.join(REPO, file), 'utf8').replace(/\\\n/g, ' ').split('\n').map((l) => l.trim());
  const globals: Env = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    if (!line || line.startsWith('#')) continue;
    const [instr, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (instr === 'ARG' && stages.length === 0) {
      const m = /^(\w+)=(\S+)$/.exec(args);
      if (m) globals[m[1]!] = m[2]!;
    } else if (instr === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!m) throw new Error(`${file}: FROM ${args}`);
      stages.push({ base: interpolate(m[1]!, globals), name: m[2], healthcheck: undefined, runs: [] });
    } else if (instr === 'HEALTHCHECK') {
      const cmd = /\bCMD\s+(\[.*\])$/.exec(args);
      if (!cmd) throw new Error(`${file}: HEALTHCHECK must use the exec form (no shell needed): ${args}`);
      stages.at(-1)!.healthcheck = z.array(z.string()).parse(JSON.parse(cmd[1]!));
    } else if (instr === 'RUN') {
      stages.at(-1)!.runs.push(args);
    }
  }
  return stages;
}
/** The stage a build ends in (its target, or the last), with what it inherits from the stages it is built on. */
function finalStage(file: string, target: string | undefined): { chain: Stage[]; healthcheck: string[] | undefined } {
  const stages = readDockerfile(file);
  let stage: Stage | undefined = target ? stages.find((s) => s.name === target) : stages.at(-1);
  if (!stage) throw new Error(`${file} has no stage ${target}`);
  const chain: Stage[] = [];
  while (stage) {
    chain.push(stage);
    const base: string = stage.base;
    stage = stages.find((s) => s.name === base);
  }
  return { chain, healthcheck: chain.find((s) => s.healthcheck)?.healthcheck };
}

// ---------------------------------------------------------------------------------------------------------------------

beforeAll(() => loadServiceConfigs());

describe('docker-compose.yml with compose.env.example', () => {
  const required = [...new Set([...rawCompose.matchAll(/\$\{(\w+):?\?/g)].map((m) => m[1]!))];

  test('the example sets every variable compose requires, and compose stops without one', () => {
    expect(required.length).toBeGreaterThan(0);
    for (const name of required) {
      expect(exampleVars[name]).toBeTruthy();
      const { [name]: _dropped, ...without } = exampleVars;
      expect(() => loadCompose(without)).toThrow(new RegExp(`required variable ${name} `));
    }
  });

  test('every variable it reads either has a default or is in the example', () => {
    const read = [...new Set([...rawCompose.matchAll(/\$\{(\w+)(:?[-?+])?/g)].filter((m) => !m[2]?.includes('-')).map((m) => m[1]!))];
    expect(read.filter((v) => !(v in exampleVars))).toEqual([]);
  });

  test('every image is pinned by tag and digest, also the bases of the images it builds', () => {
    for (const [name, s] of Object.entries(services)) {
      if (s.image) expect(`${name}: ${s.image}`).toMatch(new RegExp(`^${name}: ${PINNED_IMAGE.source.slice(1)}`));
      else if (s.build) {
        for (const stage of readDockerfile(s.build.dockerfile)) {
          const isStage = readDockerfile(s.build.dockerfile).some((o) => o.name === stage.base);
          if (!isStage) expect(`${s.build.dockerfile}: ${stage.base}`).toMatch(new RegExp(`^${s.build.dockerfile.replace(/\./g, '\\.')}: ${PINNED_IMAGE.source.slice(1)}`));
        }
      } else throw new Error(`${name} has neither image nor build`);
    }
  });

  test('MinIO comes from quay.io (Docker Hub no longer serves it), pinned', () => {
    const minio = Object.values(services).filter((s) => s.image?.includes('minio'));
    expect(minio.length).toBeGreaterThan(0);
    for (const s of minio) expect(s.image).toMatch(/^quay\.io\/minio\//);
    expect(svc('minio').healthcheck?.test).toEqual(['CMD', 'mc', 'ready', 'local']);
  });

  describe('NATS', () => {
    const NatsConf = z.object({
      port: z.number().int(),
      http_port: z.number().int(),
      jetstream: z.object({ store_dir: z.string(), sync_interval: z.string() }).loose(),
    }).loose();
    /** The file is JSON after its comment lines (nats-server's format is a superset of JSON). */
    const confText = readFileSync(NATS_CONF, 'utf8');
    const conf = NatsConf.parse(JSON.parse(confText.split('\n').filter((l) => !l.trim().startsWith('#')).join('\n')));
    const nats = svc('nats');

    test('2.12 or later, started from the config file that enables JetStream (no JetStream flags)', () => {
      const version = /^nats:(\d+)\.(\d+)\.(\d+)/.exec(nats.image ?? '');
      expect(version).not.toBeNull();
      expect(Number(version![1]) * 100 + Number(version![2])).toBeGreaterThanOrEqual(212);
      const command = nats.command ?? [];
      expect(command.slice(0, 2)).toEqual(['nats-server', '--config']);
      expect(command).toHaveLength(3);
      const mount = (nats.volumes ?? []).find((v) => v.split(':')[1] === command[2]);
      expect(mount).toBe(`./infra/docker/nats.conf:${command[2]}:ro`);
    });

    test('JetStream stores in the data volume and fsyncs every write (sync_interval always)', () => {
      expect(conf.jetstream.sync_interval).toBe('always');
      expect((nats.volumes ?? []).map((v) => v.split(':')[1])).toContain(conf.jetstream.store_dir);
      expect(Object.keys(compose.volumes ?? {})).toContain((nats.volumes ?? []).find((v) => v.endsWith(`:${conf.jetstream.store_dir}`))!.split(':')[0]);
    });

    test('the local runner asks for the same fsync where its nats-server reads sync_interval (2.10 and later)', () => {
      expect(['nats-server: v2.9.10', 'nats-server: v2.10.0', 'nats-server: v2.14.2', 'nats-server: v3.0.1', 'garbage'].map(readsSyncInterval)).toEqual([false, true, true, true, false]);
    });

    test('nats-server accepts the file (Debian\'s older server checks all but sync_interval, which came in 2.10)', () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'cp-nats-conf-'));
      try {
        const file = path.join(dir, 'nats.conf');
        const older = confText.split('\n').filter((l) => !l.includes('"sync_interval"')).join('\n').replace(`"${conf.jetstream.store_dir}"`, JSON.stringify(path.join(dir, 'js')));
        expect(older).not.toBe(confText);
        writeFileSync(file, older);
        expect(execFileSync(NATS_SERVER, ['-c', file, '-t'], { encoding: 'utf8', stdio: 'pipe' })).toBe('');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test('the health check runs in the image (alpine: busybox wget) against the monitoring port, JetStream included', () => {
      expect(nats.image).toMatch(/^nats:[\d.]+-alpine@/);
      const test = nats.healthcheck?.test ?? [];
      expect(test.slice(0, 2)).toEqual(['CMD', 'wget']);
      expect(test.at(-1)).toBe(`http://127.0.0.1:${conf.http_port}/healthz?js-enabled-only=true`);
    });

    test('every service reaches it at its client port', () => {
      for (const [name] of builtFrom('infra/docker/service.Dockerfile')) expect(`${name} ${envOf(name).NATS_URL}`).toBe(`${name} nats://nats:${conf.port}`);
    });
  });

  describe('MongoDB', () => {
    const mongo = svc('mongo');
    const replSet = (mongo.command ?? [])[(mongo.command ?? []).indexOf('--replSet') + 1];

    test('a replica set whose health check initiates it and passes only on the writable PRIMARY', () => {
      expect(replSet).toBeTruthy();
      const script = (mongo.healthcheck?.test ?? []).at(-1) ?? '';
      expect(mongo.healthcheck?.test.slice(0, 2)).toEqual(['CMD', 'mongosh']);
      expect(script).toContain(`rs.initiate({ _id: '${replSet}', members: [{ _id: 0, host: 'mongo:27017' }] })`);
      expect(script).toMatch(/quit\(db\.hello\(\)\.isWritablePrimary \? 0 : 1\)$/);
    });

    test('every service names that replica set on the mongo container, and waits for its health; search has no MongoDB', () => {
      const search = builtFrom('infra/docker/service.Dockerfile').find(([name]) => name === 'search')![1];
      expect(envOf('search').MONGO_URL).toBeUndefined();
      expect(search.depends_on?.mongo).toBeUndefined();
      for (const [name, s] of builtFrom('infra/docker/service.Dockerfile').filter(([name]) => name !== 'search')) {
        const url = new URL(envOf(name).MONGO_URL ?? '');
        expect(`${name} ${url.host} ${url.searchParams.get('replicaSet')}`).toBe(`${name} mongo:27017 ${replSet}`);
        expect(s.depends_on?.mongo?.condition).toBe('service_healthy');
      }
    });
  });

  test('every long-running container has a health check its own image can run', () => {
    /** What each pinned image carries to run a check (the official images' contents). */
    const tools: Array<[RegExp, string]> = [
      [/^mongo:/, 'mongosh'],
      [/^nats:[\d.]+-alpine@/, 'wget'],
      [/^quay\.io\/minio\/minio:/, 'mc'],
      [/^axllent\/mailpit:/, '/mailpit'],
    ];
    for (const [name, s] of Object.entries(services)) {
      const oneShot = Object.values(services).some((o) => o.depends_on?.[name]?.condition === 'service_completed_successfully');
      if (oneShot) {
        expect(`${name}: ${s.healthcheck ? 'has' : 'no'} health check`).toBe(`${name}: no health check`);
        continue;
      }
      if (s.build) {
        expect(s.healthcheck).toBeUndefined(); // the image's own HEALTHCHECK (node is in it) applies
        const { chain, healthcheck } = finalStage(s.build.dockerfile, s.build.target);
        expect(`${name}: ${healthcheck?.slice(0, 1).join(' ')}`).toBe(`${name}: node`);
        expect(healthcheck?.join(' ')).toContain("/readyz'");
        expect(chain.at(-1)!.base).toMatch(/^node:/);
      } else {
        const tool = tools.find(([image]) => image.test(s.image ?? ''));
        expect(`${name}: ${tool ? 'known image' : s.image}`).toBe(`${name}: known image`);
        expect(`${name}: ${s.healthcheck?.test.slice(0, 2).join(' ')}`).toBe(`${name}: CMD ${tool![1]}`);
      }
    }
  });

  test('a service waited for as healthy has a health check; one waited for as completed is a one-shot', () => {
    for (const [name, s] of Object.entries(services)) {
      for (const [dep, { condition }] of Object.entries(s.depends_on ?? {})) {
        const d = svc(dep);
        if (condition === 'service_healthy') expect(`${name} → ${dep}: ${Boolean(d.healthcheck || d.build)}`).toBe(`${name} → ${dep}: true`);
        if (condition === 'service_completed_successfully') expect(d.command?.[0]).toBe('node');
      }
    }
  });

  test('every folder in services/ and every remote has its container, built from the right recipe', () => {
    const fromServiceRecipe = builtFrom('infra/docker/service.Dockerfile').map(([name, s]) => {
      expect(s.build?.args?.SERVICE).toBe(name);
      return name;
    });
    // The gateway (the shell's browser build) and the renderer (its server bundle) come from the web recipe.
    expect([...fromServiceRecipe, 'gateway', 'renderer'].sort()).toEqual(serviceDirs());
    expect(svc('gateway').build).toMatchObject({ dockerfile: 'infra/docker/web.Dockerfile', target: 'gateway' });
    expect(svc('renderer').build).toMatchObject({ dockerfile: 'infra/docker/web.Dockerfile', target: 'renderer' });
    expect(finalStage('infra/docker/web.Dockerfile', 'renderer').chain.map((s) => s.name)).not.toContain('build');
    const remotes = builtFrom('infra/docker/web.Dockerfile').filter(([, s]) => s.build?.target === 'remote');
    for (const [name, s] of remotes) expect(s.build?.args?.APP).toBe(name);
    expect(remotes.map(([name]) => name).sort()).toEqual(remoteDirs());
  });

  test('every service container is hardened: read-only root, no capabilities', () => {
    for (const [name, s] of [...builtFrom('infra/docker/service.Dockerfile'), ...builtFrom('infra/docker/web.Dockerfile')]) {
      expect(`${name} ${s.read_only} ${s.cap_drop?.join()}`).toBe(`${name} true ALL`);
    }
  });

  describe("each service's environment passes that service's own configuration", () => {
    const keys = tempKeyFiles();
    afterAll(() => keys.remove());

    test.each(serviceDirs())('%s', (name) => {
      const env = envOf(name);
      expect(env.NODE_ENV).toBe('production');
      expect(() => loadServiceConfig(name, env, keys)).not.toThrow();
    });

    test('a key file a service reads is in a volume the key generator writes', () => {
      const keygenMount = (svc('keygen').volumes ?? [])[0]!.split(':');
      for (const name of serviceDirs()) {
        for (const [k, v] of Object.entries(envOf(name)).filter(([k]) => k.endsWith('_FILE'))) {
          expect(`${name} ${k} ${path.posix.dirname(v)}`).toBe(`${name} ${k} ${keygenMount[1]}`);
          expect(svc(name).volumes).toContain(`${keygenMount[0]}:${keygenMount[1]}:ro`);
          expect(svc('keygen').command?.join(' ')).toContain(`'${v}'`);
        }
      }
    });

    test('the checks bite: identity without secure cookies in production is refused', () => {
      expect(() => loadServiceConfig('identity', { ...envOf('identity'), COOKIE_SECURE: 'false' }, keys)).toThrow(/COOKIE_SECURE/);
      expect(() => loadServiceConfig('forum', { ...envOf('forum'), FORUM_TYPO: 'x' }, keys)).toThrow(/FORUM_TYPO/);
    });
  });

  describe('URLs and ports', () => {
    const port = (name: string) => envOf(name).PORT;

    test("the gateway reaches every service of its routing table where it listens", () => {
      const gateway = loadServiceConfig('gateway', envOf('gateway'), tempKeyFiles()) as { proxy: { services: Record<string, string | string[]> }; web: { remotes: Array<{ key: string; source: { kind: string; origin?: string } }> } };
      for (const name of SERVICE_NAMES) expect([gateway.proxy.services[name]].flat()).toEqual([`http://${name}:${port(name)}`]);
      expect(Object.keys(gateway.proxy.services).sort()).toEqual([...SERVICE_NAMES].sort());
      expect(svc('gateway').ports).toEqual([`${port('gateway')}:${port('gateway')}`]);
    });

    test('the gateway proxies every remote to its own container and port', () => {
      const gateway = loadServiceConfig('gateway', envOf('gateway'), tempKeyFiles()) as { web: { remotes: Array<{ key: string; source: { kind: string; origin?: string } }> } };
      expect(gateway.web.remotes.map((r) => `mf-${r.key}`).sort()).toEqual(remoteDirs());
      for (const r of gateway.web.remotes) expect(r.source).toEqual({ kind: 'url', origin: `http://mf-${r.key}:${port(`mf-${r.key}`)}`, basePath: '/' });
    });

    test('comms alone sends mail: no other service gets SMTP settings', () => {
      expect(serviceDirs().filter((name) => Object.keys(envOf(name)).some((k) => k.startsWith('SMTP_') || k === 'MAIL_FROM'))).toEqual(['comms']);
    });

    test('services reach identity, S3 and SMTP where they listen', () => {
      for (const name of serviceDirs()) {
        const env = envOf(name);
        if (env.IDENTITY_URL) expect(`${name} ${env.IDENTITY_URL}`).toBe(`${name} http://identity:${port('identity')}`);
        if (env.S3_ENDPOINT) expect(`${name} ${env.S3_ENDPOINT}:${env.S3_PORT}`).toBe(`${name} minio:9000`); // MinIO's default API port
        if (env.SMTP_HOST) expect(`${name} ${env.SMTP_HOST}:${env.SMTP_PORT}`).toBe(`${name} mailpit:1025`); // mailpit's SMTP port
      }
      expect(envOf('listings').S3_ACCESS_KEY).toBe(exampleVars.MINIO_ROOT_USER);
      expect(envOf('listings').S3_SECRET_KEY).toBe(exampleVars.MINIO_ROOT_PASSWORD);
    });

    test('no two services of one recipe listen on one port', () => {
      const ports = builtFrom('infra/docker/service.Dockerfile').map(([name]) => port(name));
      expect(new Set(ports).size).toBe(ports.length);
    });
  });

  test.each(remoteDirs())("%s: the remote's static server starts with its environment and is ready", async (name) => {
    expect(await staticServerReadyz(envOf(name))).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// Service images: `npm ci --omit=dev -w services/<name>` installs the production closure of that workspace.

const Lock = z.object({
  packages: z.record(
    z.string(),
    z.object({
      link: z.boolean().optional(),
      resolved: z.string().optional(),
      dependencies: z.record(z.string(), z.string()).optional(),
      optionalDependencies: z.record(z.string(), z.string()).optional(),
      peerDependencies: z.record(z.string(), z.string()).optional(),
      peerDependenciesMeta: z.record(z.string(), z.object({ optional: z.boolean().optional() })).optional(),
    }).loose(),
  ),
});

/** The lock's entries a production install of `workspace` brings (node's resolution: nearest node_modules upwards). */
function productionClosure(workspace: string): { names: Set<string>; workspaces: Set<string> } {
  const lock = Lock.parse(JSON.parse(readFileSync(path.join(REPO, 'package-lock.json'), 'utf8')));
  const parent = (loc: string) => (loc.lastIndexOf('/node_modules/') > 0 ? loc.slice(0, loc.lastIndexOf('/node_modules/')) : '');
  const resolve = (from: string, name: string): string | undefined => {
    for (let dir = from; ; dir = parent(dir)) {
      const at = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (lock.packages[at]) return at;
      if (!dir) return undefined;
    }
  };
  const names = new Set<string>();
  const workspaces = new Set<string>([workspace]);
  const seen = new Set<string>();
  const queue = [workspace];
  while (queue.length) {
    const loc = queue.pop()!;
    if (seen.has(loc)) continue;
    seen.add(loc);
    const entry = lock.packages[loc];
    if (!entry) throw new Error(`package-lock.json has no entry ${loc}`);
    const required = { ...entry.dependencies, ...Object.fromEntries(Object.entries(entry.peerDependencies ?? {}).filter(([n]) => !entry.peerDependenciesMeta?.[n]?.optional)) };
    for (const name of [...Object.keys(required), ...Object.keys(entry.optionalDependencies ?? {})]) {
      const at = resolve(loc, name);
      if (!at) {
        if (name in required) throw new Error(`${loc} needs ${name}, which package-lock.json does not resolve`);
        continue; // an optional dependency for another platform
      }
      names.add(name);
      const target = lock.packages[at]!;
      if (target.link && target.resolved) {
        workspaces.add(target.resolved);
        queue.push(target.resolved);
      } else queue.push(at);
    }
  }
  return { names, workspaces };
}

/** Bare module names a workspace's source imports at run time (type-only imports are erased by Node). */
function runtimeImports(dir: string): Set<string> {
  const out = new Set<string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|js|mjs)$/.test(e.name)) {
        const text = readFileSync(p, 'utf8');
        for (const m of text.matchAll(/(?:^|\n)\s*(import|export)\s+(type\s+)?[^'"`;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
          if (m[2]) continue;
          const spec = (m[3] ?? m[4])!;
          if (spec.startsWith('.') || spec.startsWith('node:') || builtinModules.includes(spec)) continue;
          out.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
        }
      }
    }
  };
  walk(path.join(REPO, dir, 'src'));
  return out;
}

describe('service images carry their own production dependencies only', () => {
  test('the recipes install one workspace without dev dependencies', () => {
    const service = readDockerfile('infra/docker/service.Dockerfile').flatMap((s) => s.runs).join('\n');
    expect(service).toMatch(/npm ci --omit=dev [^\n]*-w "services\/\$\{SERVICE\}"/);
    const web = readDockerfile('infra/docker/web.Dockerfile');
    expect(web.find((s) => s.name === 'runtime-deps')?.runs.join('\n')).toMatch(/npm ci --omit=dev [^\n]*-w services\/gateway/);
    expect(finalStage('infra/docker/web.Dockerfile', 'gateway').chain.map((s) => s.name)).not.toContain('build');
  });

  test.each(serviceDirs())('%s: no web toolchain, and every module its code imports is installed', (name) => {
    const { names, workspaces } = productionClosure(`services/${name}`);
    for (const web of ['webpack', 'react', 'react-dom', '@module-federation/enhanced', 'tailwindcss', '@cp/ui', '@cp/web-core']) expect(names.has(web)).toBe(false);
    for (const ws of workspaces) {
      expect(existsSync(path.join(REPO, ws, 'src'))).toBe(true);
      const missing = [...runtimeImports(ws)].filter((m) => !names.has(m));
      expect(`${ws}: ${missing.join(', ')}`).toBe(`${ws}: `);
    }
  });
});
