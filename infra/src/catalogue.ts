/**
 * What the local stack runs, derived from the deployables' manifests (issue 35 §1): each service's port, entry,
 * replicas and the services it calls come from its `service.json`, each remote's static server port from its
 * `remote.json`, and the variables a process reads from the configuration schema its manifest points at. There is no
 * list of services here: a new team's folder with its manifest is started by `npm start`, takes part in `REPLICAS=`
 * and is given the settings its schema reads, with no edit outside that folder.
 */
import path from 'node:path';
import { z } from 'zod';
import { discoverDeployables, type Deployables, type RemoteDeployable, type ServiceDeployable } from './deployables.ts';
import { repoRoot } from './paths.ts';

const cache = new Map<string, Deployables>();

/** The deployables under `root`, read once per process (a malformed manifest throws, naming its file and field). */
export function stackDeployables(root = repoRoot()): Deployables {
  let found = cache.get(root);
  if (!found) {
    found = discoverDeployables(root);
    cache.set(root, found);
  }
  return found;
}

/**
 * The services in the order the stack starts them: one after every service it calls (its manifest's `calls`), the
 * edge (the gateway, which forwards to them all) last; otherwise by port. Throws on calls in a circle, naming it.
 */
export function startOrder(services: readonly ServiceDeployable[]): ServiceDeployable[] {
  const byName = new Map(services.map((s) => [s.manifest.name, s]));
  const sorted: ServiceDeployable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (s: ServiceDeployable, trail: string[]) => {
    const mark = state.get(s.manifest.name);
    if (mark === 'done') return;
    if (mark === 'visiting') throw new Error(`services call each other in a circle: ${[...trail, s.manifest.name].join(' → ')} (their service.json "calls")`);
    state.set(s.manifest.name, 'visiting');
    for (const call of [...s.manifest.calls].sort((a, b) => (byName.get(a.service)?.manifest.port ?? 0) - (byName.get(b.service)?.manifest.port ?? 0))) {
      const callee = byName.get(call.service);
      if (callee) visit(callee, [...trail, s.manifest.name]);
    }
    state.set(s.manifest.name, 'done');
    sorted.push(s);
  };
  const byPort = [...services].sort((a, b) => Number(a.manifest.kind === 'edge') - Number(b.manifest.kind === 'edge') || a.manifest.port - b.manifest.port);
  for (const s of byPort) visit(s, []);
  return sorted;
}

/** Port of each service per profile: its manifest's port plus the profile's offset (the gateway 8080, identity 4001 ...). */
export function servicePorts(offset: number, deployables = stackDeployables()): Record<string, number> {
  return Object.fromEntries(deployables.services.map((s) => [s.manifest.name, s.manifest.port + offset]));
}

/** Each remote's own static server (`npm start`): its folder and its manifest's port plus the profile's offset. */
export function remoteStaticServers(offset: number, deployables = stackDeployables()): Array<{ folder: string; port: number; remote: RemoteDeployable }> {
  return deployables.remotes.map((remote) => ({ folder: remote.folder, port: remote.manifest.port + offset, remote }));
}

/** The services that may run as several processes (REPLICAS), with their most: those whose manifest allows more than one. */
export function replicable(deployables = stackDeployables()): Record<string, number> {
  return Object.fromEntries(deployables.services.filter((s) => s.manifest.replicas.max > 1).map((s) => [s.manifest.name, s.manifest.replicas.max]));
}

/**
 * `REPLICAS=listings=2,ads=2`: how many processes of each service `npm start` runs; a service not named runs its
 * manifest's default. Unknown names, services that are never replicated, a name given twice, counts outside 1..the
 * manifest's most and malformed pairs are refused with a message naming them.
 */
export function parseReplicas(value: string | undefined, deployables = stackDeployables()): Record<string, number> {
  const allowed = replicable(deployables);
  const problems: string[] = [];
  const out: Record<string, number> = {};
  for (const pair of (value ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^([^=\s]+)\s*=\s*(\S+)$/.exec(pair);
    const name = m?.[1];
    const count = m ? Number(m[2]) : NaN;
    const max = name === undefined ? undefined : allowed[name];
    if (!m || !name) problems.push(`"${pair}" is not name=count (e.g. REPLICAS=listings=2,ads=2)`);
    else if (max === undefined && deployables.services.some((s) => s.manifest.name === name)) problems.push(`${name} runs as one process (its service.json's replicas.max is 1)`);
    else if (max === undefined) problems.push(`unknown service "${name}" (replicable: ${Object.keys(allowed).join(', ')})`);
    else if (!Number.isInteger(count) || count < 1 || count > max) problems.push(`${name}: the count must be a whole number from 1 to ${max}, not "${m[2]}"`);
    else if (name in out) problems.push(`${name} is given twice`);
    else out[name] = count;
  }
  if (problems.length > 0) throw new Error(`REPLICAS: ${problems.join('; ')}`);
  for (const s of deployables.services) if (!(s.manifest.name in out) && s.manifest.replicas.default > 1) out[s.manifest.name] = s.manifest.replicas.default;
  return out;
}

/** A configuration schema: a zod object, whose keys are the variables the process reads. */
const SchemaShape = z.object({ shape: z.record(z.string(), z.unknown()) });

/**
 * The variables each service reads: the keys of the configuration schema its manifest points at (`config.module`,
 * `config.export`), loaded from its folder. Throws naming the manifest when the module or export is not a zod object.
 */
export async function loadServiceSettings(root = repoRoot(), deployables = stackDeployables(root)): Promise<Record<string, readonly string[]>> {
  const entries = await Promise.all(
    deployables.services.map(async (s) => {
      const file = path.join(root, s.folder, s.manifest.config.module);
      const mod = (await import(file)) as Record<string, unknown>;
      const schema = SchemaShape.safeParse(mod[s.manifest.config.export]);
      if (!schema.success) throw new Error(`${s.folder}/service.json: config: ${s.manifest.config.module} has no zod object export "${s.manifest.config.export}"`);
      return [s.manifest.name, Object.keys(schema.data.shape)] as const;
    }),
  );
  return Object.fromEntries(entries);
}
