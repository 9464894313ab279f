/**
 * What the tests of the operators' files (docker-compose.yml, infra/k8s) share: the repository's services and remotes,
 * each service's own configuration loader (the one its main.ts runs at start), compose-style variable interpolation,
 * temporary key files, and a remote's static server started with a given environment.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@cp/service-kit';
import { discoverDeployables } from '../../src/deployables.ts';

export const REPO = path.resolve(__dirname, '..', '..', '..');

export type Env = Record<string, string>;

/** The folders under services/ and the remotes (top-level mf-*), as the repository has them now. */
export const serviceDirs = (): string[] => readdirSync(path.join(REPO, 'services')).filter((d) => existsSync(path.join(REPO, 'services', d, 'package.json'))).sort();
export const remoteDirs = (): string[] => readdirSync(REPO).filter((d) => d.startsWith('mf-') && existsSync(path.join(REPO, d, 'package.json'))).sort();

interface ServiceConfigEntry {
  /** The variables the service's schema knows (anything else set for it is a typo or a leftover). */
  schema: unknown;
  /** The loader its main.ts runs at start: throws a ConfigError listing every problem. */
  load(env: Env): unknown;
}

/** `saved-search` → `SavedSearch`. */
const pascal = (name: string) => name.replace(/(^|-)([a-z])/g, (_m, _d: string, c: string) => c.toUpperCase());

/**
 * Each service's configuration schema and loader, by name, from its manifest (service.json `config`: the module and
 * its schema's export) — no list here to keep up. The loader is the module's `load<Name>Config` (what its main.ts
 * runs: it also reads the key files), or else the schema parsed as every service's loadConfig does.
 */
const serviceConfigs = new Map<string, ServiceConfigEntry>();

/** Loads every service's configuration module (run it in beforeAll; loadServiceConfig needs it). */
export async function loadServiceConfigs(root = REPO): Promise<void> {
  for (const { folder, manifest } of discoverDeployables(root).services) {
    const mod = (await import(path.join(root, folder, manifest.config.module))) as Record<string, unknown>;
    const schema = mod[manifest.config.export];
    if (!schema) throw new Error(`${folder}/service.json: ${manifest.config.module} exports no ${manifest.config.export}`);
    const loader = mod[`load${pascal(manifest.name)}Config`];
    const load = typeof loader === 'function' ? (env: Env) => (loader as (e: Env) => unknown)(env) : (env: Env) => loadConfig(schema as Parameters<typeof loadConfig>[0], env);
    serviceConfigs.set(manifest.name, { schema, load });
  }
}

function schemaKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (!shape) throw new Error('a service schema without a shape: expected a zod object');
  return Object.keys(shape);
}

/** A temporary folder with an ES256 key pair under the names the deployments use (jwt-private.pem, jwt-public.pem). */
export function tempKeyFiles(): { dir: string; file(name: string): string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'cp-operator-keys-'));
  const k = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  writeFileSync(path.join(dir, 'jwt-private.pem'), k.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(path.join(dir, 'jwt-public.pem'), k.publicKey.export({ type: 'spki', format: 'pem' }));
  return {
    dir,
    file(name) {
      const p = path.join(dir, name);
      if (!existsSync(p)) throw new Error(`no key file named ${name} (known: jwt-private.pem, jwt-public.pem)`);
      return p;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Loads `service`'s configuration from `env` with its own loader, the key files (`*_FILE` variables) taken from
 * `keys` by their file name. Throws what the service would print at start; also throws on variables its schema
 * does not know.
 */
export function loadServiceConfig(service: string, env: Env, keys: { file(name: string): string }): unknown {
  if (serviceConfigs.size === 0) throw new Error('the services\' configurations are not loaded: await loadServiceConfigs() in a beforeAll');
  const entry = serviceConfigs.get(service);
  if (!entry) throw new Error(`no service "${service}" with a service.json`);
  const unknown = Object.keys(env).filter((k) => !schemaKeys(entry.schema).includes(k));
  if (unknown.length) throw new Error(`${service}: variables its schema does not know: ${unknown.join(', ')}`);
  const local = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, k.endsWith('_FILE') ? keys.file(path.posix.basename(v)) : v]));
  return entry.load(local);
}

/** `KEY=value` lines (comments, blank lines, optional quotes), as compose reads its .env file. */
export function readEnvFile(file: string): Env {
  const out: Env = {};
  for (const [i, raw] of readFileSync(file, 'utf8').split('\n').entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!m) throw new Error(`${file}:${i + 1}: not KEY=value`);
    const value = m[2]!.trim();
    out[m[1]!] = /^(['"]).*\1$/.test(value) ? value.slice(1, -1) : value;
  }
  return out;
}

const VARIABLE = /\$(?:(\$)|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])((?:[^{}]|\{[^{}]*\})*))?\}|([A-Za-z_][A-Za-z0-9_]*))/y;

/**
 * Compose's interpolation of one value: `$$` (a literal `$`), `$VAR`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`,
 * `${VAR:?message}`, `${VAR?message}`, `${VAR:+replacement}`, `${VAR+replacement}` (the forms with `:` also treat an
 * empty value as unset). A required variable that is unset throws with its message; any other `$` throws.
 */
export function interpolate(value: string, vars: Env): string {
  let out = '';
  for (let i = 0; i < value.length; ) {
    const dollar = value.indexOf('$', i);
    if (dollar < 0) {
      out += value.slice(i);
      break;
    }
    out += value.slice(i, dollar);
    VARIABLE.lastIndex = dollar;
    const m = VARIABLE.exec(value);
    if (!m) throw new Error(`invalid interpolation in "${value}" at ${dollar}`);
    i = VARIABLE.lastIndex;
    if (m[1]) {
      out += '$';
      continue;
    }
    const name = (m[2] ?? m[5])!;
    const op = m[3];
    const arg = m[4] ?? '';
    const set = Object.hasOwn(vars, name);
    const present = op?.startsWith(':') ? set && vars[name] !== '' : set;
    switch (op?.replace(':', '')) {
      case undefined:
        out += vars[name] ?? '';
        break;
      case '-':
        out += present ? vars[name] : interpolate(arg, vars);
        break;
      case '?':
        if (!present) throw new Error(`required variable ${name} is missing a value: ${arg}`);
        out += vars[name];
        break;
      case '+':
        out += present ? interpolate(arg, vars) : '';
        break;
    }
  }
  return out;
}

/** Interpolates every string of a parsed YAML document (compose interpolates values, never keys). */
export function interpolateTree<T>(node: T, vars: Env): T {
  if (typeof node === 'string') return interpolate(node, vars) as T;
  if (Array.isArray(node)) return node.map((n: unknown) => interpolateTree(n, vars)) as T;
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateTree(v, vars)])) as T;
  return node;
}

/** `image` is `name:tag@sha256:<64 hex>`: a readable version and the exact bytes. */
export const PINNED_IMAGE = /^[a-z0-9.-]+(?::\d+)?(?:\/[a-z0-9._-]+)*:[A-Za-z0-9._-]+@sha256:[0-9a-f]{64}$/;

/**
 * Starts services/gateway/src/static-main.ts (a remote's own static server) with `env`, on a free port and a
 * temporary build folder, and answers its /readyz status; the process is stopped before returning.
 */
export async function staticServerReadyz(env: Env): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cp-remote-build-'));
  writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
  const child = spawn(process.execPath, [path.join(REPO, 'services/gateway/src/static-main.ts')], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', ...env, STATIC_DIR: dir, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString();
        const m = /"url":"(http:\/\/[^"]+)"/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.stderr.on('data', (b: Buffer) => (err += b.toString()));
      child.on('exit', (code) => reject(new Error(`static server exited (${code}): ${err || out}`)));
    });
    return (await fetch(`${url}/readyz`)).status;
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
