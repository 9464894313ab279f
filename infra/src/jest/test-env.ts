import { readFileSync } from 'node:fs';
import path from 'node:path';
import { profileDir } from '../paths.ts';
import type { InfraEnv } from '../types.ts';

/** Written by the global setup: the infrastructure's env plus the control server's URL. */
export interface TestEnvFile {
  env: InfraEnv;
  controlUrl: string;
}

export const testEnvFile = () => path.join(profileDir('test'), 'env.json');

let cached: TestEnvFile | undefined;
function read(): TestEnvFile {
  cached ??= JSON.parse(readFileSync(testEnvFile(), 'utf8')) as TestEnvFile;
  return cached;
}

/** The test infrastructure's URLs (jest workers are separate processes: they read what the global setup wrote). */
export function testEnv(): InfraEnv {
  return read().env;
}

/** Stops and restarts the shared test NATS (fault tests). Call within one test file only, and restart in a finally. */
export function natsControl() {
  const post = async (action: 'stop' | 'start') => {
    const res = await fetch(`${read().controlUrl}/nats/${action}`, { method: 'POST', signal: AbortSignal.timeout(60_000) });
    if (!res.ok) throw new Error(`nats ${action} failed: ${res.status} ${await res.text()}`);
  };
  return { stop: () => post('stop'), start: () => post('start') };
}
