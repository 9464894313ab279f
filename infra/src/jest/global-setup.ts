import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startInfra } from '../index.ts';
import { testEnvFile, type TestEnvFile } from './test-env.ts';
import type { Infra } from '../types.ts';
import { startControlServer, type ControlServer } from '../control-server.ts';

declare global {
  var __cpInfra: { infra: Infra; control: ControlServer } | undefined;
}

/**
 * Starts one isolated set of real infrastructure (profile "test": other ports, `.data/test/`, always fresh) for the
 * whole jest run, and a small loopback control server so test workers can stop and restart NATS.
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const infra = await startInfra({ name: 'test', fresh: true, log: (l) => process.stderr.write(`[infra] ${l}\n`) });
  const control = await startControlServer({ '/nats/stop': () => infra.stopNats(), '/nats/start': () => infra.startNats() });
  const file: TestEnvFile = { env: infra.env, controlUrl: control.url };
  mkdirSync(path.dirname(testEnvFile()), { recursive: true });
  writeFileSync(testEnvFile(), JSON.stringify(file, null, 2));
  Object.assign(process.env, infra.env);
  globalThis.__cpInfra = { infra, control };
  process.stderr.write(`[infra] ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
