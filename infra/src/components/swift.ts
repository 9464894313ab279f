import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as Minio from 'minio';
import { httpOk, spawnLogged, waitUntil, type Proc } from '../proc.ts';

const run = promisify(execFile);

/**
 * An S3-compatible store from Debian's packages: OpenStack Swift (account, container and object servers and a
 * proxy with the s3api and tempauth middleware) plus memcached. Real signature checks, multipart and presigned URLs.
 * Everything lives in the profile's folder; nothing needs root or /srv.
 */
export interface SwiftPorts {
  proxy: number;
  account: number;
  container: number;
  object: number;
  memcached: number;
}

export interface S3Handle {
  endpoint: string;
  port: number;
  accessKey: string;
  secretKey: string;
  region: string;
  stop(): Promise<void>;
}

const ACCOUNT = 'cpa';
const USER = 'cpuser';

interface Secrets {
  prefix: string;
  suffix: string;
  secret: string;
}

/** Per data folder, generated once: hash path prefix/suffix and the S3 secret key. Never committed. */
function secrets(dir: string): Secrets {
  const file = path.join(dir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  const s: Secrets = { prefix: randomBytes(8).toString('hex'), suffix: randomBytes(8).toString('hex'), secret: randomBytes(24).toString('base64url') };
  writeFileSync(file, JSON.stringify(s), { mode: 0o600 });
  return s;
}

function serverConf(kind: 'account' | 'container' | 'object', port: number, confDir: string, devices: string, cache: string): string {
  return `[DEFAULT]
bind_ip = 127.0.0.1
bind_port = ${port}
workers = 0
swift_dir = ${confDir}
devices = ${devices}
mount_check = false
disable_fallocate = true
log_name = ${kind}-server
log_level = WARNING
recon_cache_path = ${cache}

[pipeline:main]
pipeline = ${kind}-server

[app:${kind}-server]
use = egg:swift#${kind}

[${kind}-replicator]
[${kind}-auditor]
${kind === 'account' ? '[account-reaper]' : `[${kind}-updater]`}
`;
}

function proxyConf(ports: SwiftPorts, confDir: string, secret: string, region: string): string {
  const filters = ['catch_errors', 'gatekeeper', 'healthcheck', 'proxy_logging', 'listing_formats', 'bulk', 'tempurl', 'copy', 'slo', 'dlo'];
  return `[DEFAULT]
bind_ip = 127.0.0.1
bind_port = ${ports.proxy}
workers = 0
swift_dir = ${confDir}
log_name = proxy-server
log_level = WARNING

[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy_logging cache listing_formats bulk tempurl s3api tempauth copy slo dlo proxy_logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true

[filter:tempauth]
use = egg:swift#tempauth
user_${ACCOUNT}_${USER} = ${secret} .admin

[filter:s3api]
use = egg:swift#s3api
location = ${region}

[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:${ports.memcached}

${filters.map((f) => `[filter:${f}]\nuse = egg:swift#${f}\n`).join('\n')}`;
}

/**
 * Builds one ring (three `swift-ring-builder` runs) without blocking the event loop: Python starts slowly on a busy
 * machine, and a synchronous wait here held every other component's health checks (NATS's, mongod's) past their
 * deadlines while it ran.
 */
async function buildRing(confDir: string, kind: string, port: number): Promise<void> {
  const builder = path.join(confDir, `${kind}.builder`);
  if (existsSync(path.join(confDir, `${kind}.ring.gz`))) return;
  await run('swift-ring-builder', [builder, 'create', '10', '1', '1']);
  await run('swift-ring-builder', [builder, 'add', `r1z1-127.0.0.1:${port}/d1`, '100']);
  await run('swift-ring-builder', [builder, 'rebalance']);
}

export async function startSwift(opts: { dir: string; ports: SwiftPorts; region: string; buckets: string[]; pidDir: string; logDir: string }): Promise<S3Handle> {
  for (const bin of ['swift-proxy-server', 'swift-ring-builder']) {
    if (!existsSync(`/usr/bin/${bin}`)) throw new Error(`/usr/bin/${bin} not found: run scripts/setup.sh (installs swift)`);
  }
  const confDir = path.join(opts.dir, 'conf');
  const devices = path.join(opts.dir, 'devices');
  const cache = path.join(opts.dir, 'cache');
  for (const d of [confDir, path.join(devices, 'd1'), cache]) mkdirSync(d, { recursive: true });
  const s = secrets(opts.dir);
  writeFileSync(path.join(confDir, 'swift.conf'), `[swift-hash]\nswift_hash_path_prefix = ${s.prefix}\nswift_hash_path_suffix = ${s.suffix}\n\n[storage-policy:0]\nname = Policy-0\ndefault = yes\n`);
  const kinds = ['account', 'container', 'object'] as const;
  for (const kind of kinds) writeFileSync(path.join(confDir, `${kind}-server.conf`), serverConf(kind, opts.ports[kind], confDir, devices, cache));
  await Promise.all(kinds.map((kind) => buildRing(confDir, kind, opts.ports[kind])));
  writeFileSync(path.join(confDir, 'proxy-server.conf'), proxyConf(opts.ports, confDir, s.secret, opts.region));

  const procs: Proc[] = [];
  const stop = async () => {
    await Promise.all(procs.map((p) => p.stop()));
  };
  try {
    const spawnOpts = (name: string) => ({ logFile: path.join(opts.logDir, `${name}.log`), pidDir: opts.pidDir });
    procs.push(spawnLogged('memcached', '/usr/bin/memcached', ['-l', '127.0.0.1', '-p', String(opts.ports.memcached), '-U', '0', '-m', '64'], spawnOpts('memcached')));
    for (const kind of kinds) procs.push(spawnLogged(`swift-${kind}`, `/usr/bin/swift-${kind}-server`, [path.join(confDir, `${kind}-server.conf`)], spawnOpts(`swift-${kind}`)));
    const proxy = spawnLogged('swift-proxy', '/usr/bin/swift-proxy-server', [path.join(confDir, 'proxy-server.conf')], spawnOpts('swift-proxy'));
    procs.push(proxy);
    await waitUntil('swift proxy', () => httpOk(`http://127.0.0.1:${opts.ports.proxy}/healthcheck`), 60_000, proxy);
    const client = new Minio.Client({ endPoint: '127.0.0.1', port: opts.ports.proxy, useSSL: false, accessKey: `${ACCOUNT}:${USER}`, secretKey: s.secret, region: opts.region, pathStyle: true });
    // The account and object servers may need a moment after the proxy answers.
    await waitUntil('swift s3 api', async () => {
      for (const bucket of opts.buckets) if (!(await client.bucketExists(bucket))) await client.makeBucket(bucket, opts.region);
      return true;
    }, 60_000, proxy);
  } catch (err) {
    await stop();
    throw err;
  }
  return { endpoint: '127.0.0.1', port: opts.ports.proxy, accessKey: `${ACCOUNT}:${USER}`, secretKey: s.secret, region: opts.region, stop };
}
