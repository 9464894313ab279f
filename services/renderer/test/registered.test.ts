/**
 * Issue 35: a page's API reads go to a service that registered itself at run time when no configured service owns the
 * path, following the registry's changes; the configured services keep their paths (a registration cannot take them).
 */
import { ServiceManifestSchema, type InstanceRecord } from '@cp/contracts';
import { ROUTE_RULES } from '../src/platform-routes.ts';
import { buildRegistryTable, type RegistryEntry, type RegistryTable, type RegistryWatch } from '@cp/service-kit';
import { apiReader } from '../src/pages/body.ts';
import { registeredServices } from '../src/registered.ts';
import { serviceClient } from '../src/upstream.ts';

const manifest = (name: string, prefixes: string[]) =>
  ServiceManifestSchema.parse({ name, kind: 'service', description: name, port: 4190, config: { module: 'src/config.ts', export: 'Env' }, routes: prefixes.map((prefix) => ({ prefix })) });
const entry = (name: string, prefixes: string[], address: string): RegistryEntry => {
  const record: InstanceRecord = { instanceId: `${name}0001`, address, version: '1', startedAt: '2026-12-01T00:00:00.000Z', manifest: manifest(name, prefixes) };
  return { key: `service.${name}.${record.instanceId}`, value: record };
};

/** A registry whose table the test sets. */
function fakeRegistry(): RegistryWatch & { set(entries: RegistryEntry[]): void } {
  let table: RegistryTable = buildRegistryTable([], ROUTE_RULES);
  const listeners = new Set<(t: RegistryTable) => void>();
  return {
    table: () => table,
    onChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    ready: Promise.resolve(),
    stop: async () => {},
    set(entries) {
      table = buildRegistryTable(entries, ROUTE_RULES);
      for (const l of listeners) l(table);
    },
  };
}

describe('page reads from services registered at run time', () => {
  const asked: string[] = [];
  const fakeFetch = (async (url: URL | string) => {
    asked.push(String(url));
    return Response.json({ from: new URL(String(url)).origin });
  }) as typeof fetch;
  const registry = fakeRegistry();
  const read = apiReader({ listings: serviceClient('listings', ['http://127.0.0.1:4002'], fakeFetch) }, registeredServices(registry, fakeFetch));
  const signal = () => AbortSignal.timeout(5_000);

  it('answers 503 for a path nobody owns, then reads it from the service that registered it, and follows it when it moves', async () => {
    expect((await read('/api/carpool?month=2026-12', signal())).status).toBe(503);
    registry.set([entry('carpool', ['/api/carpool'], 'http://127.0.0.1:4190')]);
    expect(await (await read('/api/carpool?month=2026-12', signal())).json()).toEqual({ from: 'http://127.0.0.1:4190' });
    expect(asked.at(-1)).toBe('http://127.0.0.1:4190/api/carpool?month=2026-12');
    registry.set([entry('carpool', ['/api/carpool'], 'http://127.0.0.1:4191')]);
    expect(await (await read('/api/carpool', signal())).json()).toEqual({ from: 'http://127.0.0.1:4191' });
    registry.set([]);
    expect((await read('/api/carpool', signal())).status).toBe(503);
  });

  it('keeps the configured services’ paths: a registration of one is refused and never read', async () => {
    registry.set([entry('thief', ['/api/listings', '/api/thief'], 'http://127.0.0.1:4666')]);
    expect(registry.table().refused.map((r) => r.reason)).toEqual(['/api/listings overlaps /api/listings, owned by listings']);
    expect(await (await read('/api/listings/abc', signal())).json()).toEqual({ from: 'http://127.0.0.1:4002' });
    expect(await (await read('/api/thief', signal())).json()).toEqual({ from: 'http://127.0.0.1:4666' });
  });
});
