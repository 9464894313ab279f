import { readFileSync } from 'node:fs';
import path from 'node:path';
import { profileDir } from '../paths.ts';
import type { FaultNats, InfraEnv } from '../types.ts';

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

async function control(action: string): Promise<unknown> {
  const res = await fetch(`${read().controlUrl}${action}`, { method: 'POST', signal: AbortSignal.timeout(60_000) });
  if (!res.ok) throw new Error(`${action} failed: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

/**
 * A NATS server (JetStream on) of the calling test's own, for tests that stop and restart it: the shared test NATS is
 * never stopped under other test files. Close it when done; the test setup ends any left over.
 */
export async function faultNats(): Promise<FaultNats> {
  const { id, url } = (await control('/fault-nats')) as { id: string; url: string };
  const act = async (action: 'stop' | 'start' | 'close') => {
    await control(`/fault-nats/${action}?id=${encodeURIComponent(id)}`);
  };
  return { url, stop: () => act('stop'), start: () => act('start'), close: () => act('close') };
}
