import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startInfra } from '../index.ts';
import { testEnvFile, type TestEnvFile } from './test-env.ts';
import type { Infra } from '../types.ts';

declare global {
  var __cpInfra: { infra: Infra; control: http.Server } | undefined;
}

/**
 * Starts one isolated set of real infrastructure (profile "test": other ports, `.data/test/`, always fresh) for the
 * whole jest run, and a small loopback control server so test workers can stop and restart NATS.
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const infra = await startInfra({ name: 'test', fresh: true, log: (l) => process.stderr.write(`[infra] ${l}\n`) });
  const control = http.createServer((req, res) => {
    const action = req.method === 'POST' ? req.url : undefined;
    const run = action === '/nats/stop' ? infra.stopNats() : action === '/nats/start' ? infra.startNats() : undefined;
    if (!run) {
      res.writeHead(404).end();
      return;
    }
    run.then(
      () => res.writeHead(204).end(),
      (err: unknown) => res.writeHead(500).end(String(err)),
    );
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const port = (control.address() as { port: number }).port;
  const file: TestEnvFile = { env: infra.env, controlUrl: `http://127.0.0.1:${port}` };
  mkdirSync(path.dirname(testEnvFile()), { recursive: true });
  writeFileSync(testEnvFile(), JSON.stringify(file, null, 2));
  Object.assign(process.env, infra.env);
  globalThis.__cpInfra = { infra, control };
  process.stderr.write(`[infra] ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
