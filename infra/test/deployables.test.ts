/**
 * Issue 35 §1: each deployable declares itself once, in its own folder. These tests hold the repository's manifests to
 * what they declare (the configuration schema they point at exists, the events they publish are in the catalogue, the
 * consumers they run read what they say), and a malformed manifest to a message naming its file and field.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { eventCatalog, isPlatformEvent, NOTICES_DOMAIN, PLATFORM_EVENT_TYPES, routeRules, ServiceManifestSchema, reservedClaimError } from '@cp/contracts';
import { ManifestError, readServiceManifest, readServiceManifests } from '@cp/service-kit';
import { ROUTE_RULES as GATEWAY_ROUTES, SERVICE_NAMES as GATEWAY_SERVICES } from '../../services/gateway/src/proxy/routes-table.ts';
import { ROUTE_RULES as RENDERER_ROUTES } from '../../services/renderer/src/platform-routes.ts';
import { discoverDeployables } from '../src/deployables.ts';
import { repoRoot } from '../src/paths.ts';

const root = repoRoot();
const found = discoverDeployables(root);

describe('the repository’s manifests', () => {
  it('finds every service folder and every remote folder by its manifest', () => {
    const serviceFolders = readdirSync(path.join(root, 'services')).sort();
    expect(found.services.map((s) => s.manifest.name).sort()).toEqual(serviceFolders);
    const remoteFolders = readdirSync(root).filter((d) => d.startsWith('mf-')).sort();
    expect(found.remotes.map((r) => r.folder).sort()).toEqual(remoteFolders);
    expect(found.services.filter((s) => s.manifest.kind === 'edge').map((s) => s.manifest.name)).toEqual(['gateway']);
  });

  it.each(found.services.map((s) => [s.manifest.name, s] as const))('%s: its configuration schema is the module and export it names', async (_name, s) => {
    const mod = (await import(path.join(root, s.folder, s.manifest.config.module))) as Record<string, unknown>;
    const schema = mod[s.manifest.config.export] as { shape?: Record<string, unknown>; safeParse?: unknown } | undefined;
    expect(typeof schema?.safeParse).toBe('function');
  });

  it('publishes only events of the catalogue, and every event of a service in the catalogue is published by it', () => {
    const catalogue = [...new Set(eventCatalog.map((e) => e.type))].filter((type) => !isPlatformEvent(type)).sort();
    const published = found.services.flatMap((s) => s.manifest.publishes);
    expect(published.filter((type) => !isPlatformEvent(type)).sort()).toEqual(catalogue);
    // The platform's events (a notice for comms), which any service may publish, are in the catalogue too.
    for (const type of PLATFORM_EVENT_TYPES) expect(eventCatalog.map((e) => e.type)).toContain(type);
  });

  it('consumes from services that exist; each declared consumer reads a stream its manifest consumes', () => {
    const names = new Set([...found.services.map((s) => s.manifest.name), NOTICES_DOMAIN]); // and the platform's stream
    for (const s of found.services) {
      for (const c of s.manifest.consumes) expect({ service: s.manifest.name, consumes: c, exists: names.has(c.split('.')[0]!) }).toMatchObject({ exists: true });
      const sources = new Set<string>();
      const walk = (dir: string) => {
        for (const e of readdirSync(dir, { withFileTypes: true })) {
          if (e.isDirectory()) walk(path.join(dir, e.name));
          else if (e.name.endsWith('.ts')) for (const m of readFileSync(path.join(dir, e.name), 'utf8').matchAll(/define(?:Batch)?Consumer[^]*?source: '([a-z-]+)'/g)) sources.add(m[1]!);
        }
      };
      walk(path.join(root, s.folder, 'src'));
      for (const source of sources) {
        if (source === s.manifest.name) continue; // its own stream
        expect({ service: s.manifest.name, source, declared: s.manifest.consumes.some((c) => c.startsWith(`${source}.`)) }).toMatchObject({ declared: true });
      }
    }
  });

  it('calls only services that exist, and no two services own overlapping prefixes or a prefix reserved for another', () => {
    const names = new Set(found.services.map((s) => s.manifest.name));
    for (const s of found.services) for (const c of s.manifest.calls) expect(names.has(c.service)).toBe(true);
    const owned = found.services.flatMap((s) => s.manifest.routes.map((r) => ({ prefix: r.prefix, service: s.manifest.name })));
    for (const o of owned) {
      expect({ ...o, reserved: reservedClaimError(o.service, o.prefix) }).toEqual({ ...o, reserved: undefined });
      const overlapping = owned.filter((p) => p.service !== o.service && (p.prefix === o.prefix || p.prefix.startsWith(`${o.prefix}/`) || o.prefix.startsWith(`${p.prefix}/`)));
      expect(overlapping).toEqual([]);
    }
  });

  it("are the gateway's and the renderer's route tables, read beside their own folders when they start", () => {
    const services = found.services.map((s) => s.manifest).filter((m) => m.kind === 'service');
    const table = routeRules(services);
    expect(table.find((r) => r.prefix === '/api/upload')).toEqual({ prefix: '/api/upload', service: 'listings', kind: 'upload', limits: [{ method: 'POST', class: 'upload' }] });
    expect(GATEWAY_ROUTES).toEqual(table);
    expect(RENDERER_ROUTES).toEqual(table);
    expect(GATEWAY_SERVICES).toEqual(services.map((m) => m.name));
    expect(readServiceManifests(path.join(root, 'services'))).toEqual(found.services.map((s) => s.manifest));
  });
});

describe('a malformed manifest', () => {
  const folder = (json: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cp-manifest-'));
    mkdirSync(path.join(dir, 'services', 'newteam'), { recursive: true });
    writeFileSync(path.join(dir, 'services', 'newteam', 'service.json'), json);
    return dir;
  };
  const valid = { name: 'newteam', kind: 'service', description: 'A new team', port: 4100, config: { module: 'src/config.ts', export: 'NewteamEnv' }, routes: [{ prefix: '/api/newteam' }] };

  it('is refused with its file and each bad field named', () => {
    const dir = folder(JSON.stringify({ ...valid, port: 'x', routes: [{ prefix: '/api/newteam/' }] }));
    const file = path.join(dir, 'services', 'newteam', 'service.json');
    expect(() => readServiceManifest(path.join(dir, 'services', 'newteam'))).toThrow(ManifestError);
    expect(() => discoverDeployables(dir)).toThrow(file);
    let message = '';
    try {
      discoverDeployables(dir);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('port:');
    expect(message).toContain('routes.0.prefix:');
  });

  it('is refused when it is not JSON, names another folder, or takes a port already taken', () => {
    expect(() => discoverDeployables(folder('{ name: '))).toThrow(/service\.json: is not JSON/);
    expect(() => discoverDeployables(folder(JSON.stringify({ ...valid, name: 'other' })))).toThrow(/name: must be its folder's name \(newteam\)/);
    const dir = folder(JSON.stringify(valid));
    mkdirSync(path.join(dir, 'services', 'second'));
    writeFileSync(path.join(dir, 'services', 'second', 'service.json'), JSON.stringify({ ...valid, name: 'second', routes: [] }));
    expect(() => discoverDeployables(dir)).toThrow(/port 4100 is already services\/newteam's/);
    // A port one of its further replicas would listen on (REPLICAS=newteam=2: 4110) is taken too; with one replica at most, it is free.
    writeFileSync(path.join(dir, 'services', 'second', 'service.json'), JSON.stringify({ ...valid, name: 'second', port: 4110, routes: [] }));
    expect(() => discoverDeployables(dir)).toThrow(/services\/second: port 4110 is already services\/newteam \(its replica 2\)'s/);
    writeFileSync(path.join(dir, 'services', 'newteam', 'service.json'), JSON.stringify({ ...valid, replicas: { default: 1, max: 1 } }));
    expect(discoverDeployables(dir).services.map((s) => s.manifest.port)).toEqual([4100, 4110]);
  });

  it("publishes its own events and the platform's, never another service's, and cannot take the platform stream's name", () => {
    expect(ServiceManifestSchema.parse({ ...valid, publishes: ['newteam.thing-done', 'notices.mail-requested'] }).publishes).toEqual(['newteam.thing-done', 'notices.mail-requested']);
    expect(ServiceManifestSchema.safeParse({ ...valid, publishes: ['listings.listing-created'] }).error?.issues).toEqual([
      expect.objectContaining({ path: ['publishes', 0], message: expect.stringContaining("must be one of newteam's own events") }),
    ]);
    expect(ServiceManifestSchema.safeParse({ ...valid, publishes: ['notices.something-else'] }).success).toBe(false);
    expect(ServiceManifestSchema.safeParse({ ...valid, name: 'notices', routes: [] }).error?.issues).toEqual([expect.objectContaining({ path: ['name'] })]);
  });

  it('is accepted as the minimal declaration, with the defaults filled in', () => {
    const m = ServiceManifestSchema.parse(valid);
    expect(m).toMatchObject({ entry: 'src/main.ts', publishes: [], consumes: [], calls: [], replicas: { default: 1, max: 9 }, health: { live: '/healthz', ready: '/readyz' } });
    expect(m.routes).toEqual([{ prefix: '/api/newteam', kind: 'api' }]);
  });
});

describe("a service's port", () => {
  it('is written once, in its manifest: its configuration defaults PORT to it', async () => {
    for (const s of found.services) {
      const mod = (await import(path.join(root, s.folder, s.manifest.config.module))) as Record<string, { shape: { PORT: { parse(v: unknown): unknown } } }>;
      expect([s.manifest.name, mod[s.manifest.config.export]!.shape.PORT.parse(undefined)]).toEqual([s.manifest.name, s.manifest.port]);
    }
  });
});
