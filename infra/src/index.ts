import { startContainerInfra, dockerAvailable } from './containers.ts';
import { startLocalInfra } from './local.ts';
import type { Infra, StartInfraOptions } from './types.ts';

export * from './types.ts';
export { mailbox, type CaughtMail } from './mailbox.ts';
export { repoRoot, profileDir, toolsDir } from './paths.ts';
export { dockerAvailable };

/**
 * Starts the infrastructure for a profile. INFRA_MODE=local|containers|auto (default auto: testcontainers where a
 * Docker engine answers, the local runner otherwise).
 */
export async function startInfra(opts: StartInfraOptions): Promise<Infra> {
  const mode = process.env.INFRA_MODE ?? 'auto';
  if (!['local', 'containers', 'auto'].includes(mode)) throw new Error(`INFRA_MODE must be local, containers or auto (got ${mode})`);
  const useContainers = mode === 'containers' || (mode === 'auto' && dockerAvailable());
  return useContainers ? startContainerInfra(opts) : startLocalInfra(opts);
}
