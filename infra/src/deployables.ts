/**
 * The deployables of the repository, found by their manifests (issue 35 §1): every `services/<name>/service.json` and
 * every `mf-<name>/remote.json`. This is the one list the local stack, `npm run deploy:gen` and the tests derive from;
 * a new team's folder joins it by having its manifest, and no file of anyone else's lists it.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { MANIFEST_FILES, type RemoteManifest, type ServiceManifest } from '@cp/contracts';
import { ManifestError, readRemoteManifest, readServiceManifest } from '@cp/service-kit';

export interface ServiceDeployable {
  /** The folder, relative to the root: `services/listings`. */
  folder: string;
  manifest: ServiceManifest;
}

export interface RemoteDeployable {
  /** `mf-listings`. */
  folder: string;
  manifest: RemoteManifest;
}

export interface Deployables {
  /** Services and the edge (the gateway), by name. */
  services: ServiceDeployable[];
  remotes: RemoteDeployable[];
}

const folders = (dir: string, match: (name: string) => boolean) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && match(d.name))
        .map((d) => d.name)
        .sort()
    : [];

/**
 * Every deployable under `root` (a folder without a manifest is not one). Throws a ManifestError naming the file and
 * field of a malformed manifest, a manifest whose name is not its folder's, and two deployables on one port (a service's
 * further replicas included: they listen on its port + REPLICA_PORT_STEP × (k − 1)).
 */
/** Replica k (2, 3, ...) of a service listens on its port + 10 × (k - 1) in the local stack: listings 4002, 4012, 4022 ... */
export const REPLICA_PORT_STEP = 10;

export function discoverDeployables(root: string): Deployables {
  const services: ServiceDeployable[] = folders(path.join(root, 'services'), () => true)
    .filter((name) => existsSync(path.join(root, 'services', name, MANIFEST_FILES.service)))
    .map((name) => ({ folder: `services/${name}`, manifest: readServiceManifest(path.join(root, 'services', name)) }));
  const remotes: RemoteDeployable[] = folders(root, (name) => name.startsWith('mf-'))
    .filter((name) => existsSync(path.join(root, name, MANIFEST_FILES.remote)))
    .map((name) => ({ folder: name, manifest: readRemoteManifest(path.join(root, name)) }));
  for (const s of services) {
    if (`services/${s.manifest.name}` !== s.folder) throw new ManifestError(`${s.folder}/${MANIFEST_FILES.service}: name: must be its folder's name (${path.basename(s.folder)}), not "${s.manifest.name}"`);
  }
  for (const r of remotes) {
    if (`mf-${r.manifest.name.replace(/_/g, '-')}` !== r.folder) throw new ManifestError(`${r.folder}/${MANIFEST_FILES.remote}: name: must be its folder's name without mf- (${r.folder.slice(3)}), not "${r.manifest.name}"`);
  }
  // A service's ports are its own and those of its further replicas (REPLICAS=identity=2 puts identity#2 on 4011).
  const ports = new Map<number, string>();
  const replicaPorts = (s: ServiceDeployable) => Array.from({ length: s.manifest.replicas.max }, (_, i) => ({ port: s.manifest.port + REPLICA_PORT_STEP * i, replica: i + 1 }));
  const claims = [
    ...services.map((s) => ({ folder: s.folder, ports: replicaPorts(s) })),
    ...remotes.map((r) => ({ folder: r.folder, ports: [r.manifest.port, r.manifest.devPort].map((port) => ({ port, replica: 1 })) })),
  ];
  for (const d of claims) {
    for (const { port, replica } of d.ports) {
      const other = ports.get(port);
      if (other) throw new ManifestError(`${d.folder}: port ${port}${replica > 1 ? ` (its replica ${replica})` : ''} is already ${other}'s`);
      ports.set(port, replica > 1 ? `${d.folder} (its replica ${replica})` : d.folder);
    }
  }
  return { services, remotes };
}
