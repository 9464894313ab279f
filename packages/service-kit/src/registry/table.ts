/**
 * What the registry's live entries amount to (issue 35 §2–3): which service owns which public prefix and where its
 * instances answer, which remotes are deployed and where, and which registrations were refused and why. A pure
 * function of the entries, so every gateway and renderer replica that sees the same entries builds the same table.
 *
 * The rules:
 * - the key names the instance (`service.<name>.<instanceId>`); a record whose manifest or id disagrees with its key
 *   is refused (with one NATS user per service, the key is what the server checked the writer may write);
 * - a prefix reserved for the platform (contracts' RESERVED_PREFIXES) can be claimed only by its owners;
 * - a prefix already owned by another service — the same, or one above or below it — is refused; the first owner
 *   keeps it. "First" is the service whose oldest live instance started first (then the name), so the answer does not
 *   depend on the order the entries arrived in;
 * - the instances of one service may run different versions: the newest instance's manifest says what it owns.
 */
import { InstanceRecordSchema, registryKey, reservedClaimError, type InstanceRecord, type ManifestRoute, type RemoteManifest, type ServiceManifest } from '@cp/contracts';

/** One registry entry as read: its key, and its value (anything: it is checked here). */
export interface RegistryEntry {
  key: string;
  value: unknown;
}

export interface Refusal {
  /** The registry key, or `service.<name>` for a prefix refused to a whole service. */
  key: string;
  name: string;
  reason: string;
}

export interface ServiceEntry {
  manifest: ServiceManifest;
  /** Every live instance, oldest first. */
  instances: InstanceRecord[];
  /** The routes it was granted (its manifest's, less those refused). */
  routes: ManifestRoute[];
}

export interface RemoteEntry {
  manifest: RemoteManifest;
  instances: InstanceRecord[];
}

export interface RegistryTable {
  services: ReadonlyMap<string, ServiceEntry>;
  remotes: ReadonlyMap<string, RemoteEntry>;
  refused: Refusal[];
}

export const EMPTY_TABLE: RegistryTable = { services: new Map(), remotes: new Map(), refused: [] };

const overlaps = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x === y || x.startsWith(`${y}/`) || y.startsWith(`${x}/`);
};

/**
 * The table of `entries`. `claimed` are prefixes owned outside the registry (a gateway's statically configured
 * services: they were there first); a registration that overlaps one of another service is refused like any other.
 */
export function buildRegistryTable(entries: Iterable<RegistryEntry>, claimed: ReadonlyArray<{ prefix: string; service: string }> = []): RegistryTable {
  const refused: Refusal[] = [];
  const byService = new Map<string, InstanceRecord[]>();
  const byRemote = new Map<string, InstanceRecord[]>();
  for (const { key, value } of entries) {
    const name = key.split('.')[1] ?? key;
    const parsed = InstanceRecordSchema.safeParse(value);
    if (!parsed.success) {
      refused.push({ key, name, reason: `invalid registration: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}` });
      continue;
    }
    const record = parsed.data;
    if (registryKey(record) !== key) {
      refused.push({ key, name, reason: `the record (${registryKey(record)}) does not match its key` });
      continue;
    }
    const into = record.manifest.kind === 'remote' ? byRemote : byService;
    const list = into.get(record.manifest.name) ?? [];
    list.push(record);
    into.set(record.manifest.name, list);
  }
  const oldestFirst = (a: InstanceRecord, b: InstanceRecord) => a.startedAt.localeCompare(b.startedAt) || a.instanceId.localeCompare(b.instanceId);
  for (const list of [...byService.values(), ...byRemote.values()]) list.sort(oldestFirst);

  const services = new Map<string, ServiceEntry>();
  const owned: Array<{ prefix: string; service: string }> = [...claimed];
  // The first owner keeps a prefix: services in the order their oldest live instance started.
  const order = [...byService.entries()].sort(([an, a], [bn, b]) => oldestFirst(a[0]!, b[0]!) || an.localeCompare(bn));
  for (const [name, instances] of order) {
    const manifest = instances.at(-1)!.manifest as ServiceManifest;
    const routes: ManifestRoute[] = [];
    for (const route of manifest.routes) {
      const reserved = reservedClaimError(name, route.prefix);
      const taken = owned.find((o) => o.service !== name && overlaps(o.prefix, route.prefix));
      const reason = reserved ?? (taken ? `${route.prefix} overlaps ${taken.prefix}, owned by ${taken.service}` : undefined);
      if (reason) {
        refused.push({ key: `service.${name}`, name, reason });
        continue;
      }
      routes.push(route);
      owned.push({ prefix: route.prefix, service: name });
    }
    services.set(name, { manifest, instances, routes });
  }
  const remotes = new Map<string, RemoteEntry>();
  for (const [name, instances] of [...byRemote.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    remotes.set(name, { manifest: instances.at(-1)!.manifest as RemoteManifest, instances });
  }
  return { services, remotes, refused };
}
