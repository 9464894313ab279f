import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startInfra } from '../index.ts';
import { testEnvFile, type TestEnvFile } from './test-env.ts';
import type { FaultNats, Infra } from '../types.ts';
import { startControlServer, type ControlServer } from '../control-server.ts';

declare global {
  var __cpInfra: { infra: Infra; control: ControlServer } | undefined;
}

/**
 * Starts one isolated set of real infrastructure (profile "test": other ports, `.data/test/`, always fresh) for the
 * whole jest run, and a small loopback control server through which a test worker gets a NATS server of its own to
 * stop and restart (fault tests never stop the shared one under other test files).
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const infra = await startInfra({ name: 'test', fresh: true, log: (l) => process.stderr.write(`[infra] ${l}\n`) });
  const faults = new Map<string, FaultNats>();
  const fault = (query: URLSearchParams) => {
    const server = faults.get(query.get('id') ?? '');
    if (!server) throw new Error(`no fault NATS ${query.get('id')}`);
    return server;
  };
  const control = await startControlServer({
    '/fault-nats': async () => {
      const server = await infra.faultNats();
      const id = String(faults.size + 1);
      faults.set(id, server);
      return { id, url: server.url };
    },
    '/fault-nats/stop': async (q) => fault(q).stop(),
    '/fault-nats/start': async (q) => fault(q).start(),
    '/fault-nats/close': async (q) => fault(q).close(),
  });
  const file: TestEnvFile = { env: infra.env, controlUrl: control.url };
  mkdirSync(path.dirname(testEnvFile()), { recursive: true });
  writeFileSync(testEnvFile(), JSON.stringify(file, null, 2));
  Object.assign(process.env, infra.env);
  globalThis.__cpInfra = { infra, control };
  process.stderr.write(`[infra] ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
