/**
 * The OpenAPI documents (issue 24), derived from the services' manifests (issue 35): each service whose service.json
 * names its API declaration (`api`: module and export, a ServiceApi) gets its own document, and the site's public one
 * merges them with the gateway's own routes, keeping what the public route table (the manifests' routes) forwards.
 * A new service's folder brings its declaration; nothing here lists it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { routeRules, type RouteRule } from '@cp/contracts';
import { publicDocument, serviceDocument, type OpenApiDocument, type ServiceApi } from '@cp/contracts/openapi';
import { discoverDeployables } from '../../infra/src/deployables.ts';

const ROOT = new URL('../../', import.meta.url);
const VERSION = (JSON.parse(readFileSync(new URL('packages/contracts/package.json', ROOT), 'utf8')) as { version: string }).version;
const rootDir = () => new URL('.', ROOT).pathname;

/** The public route table: every route of every service's manifest. */
export function publicRoutes(root = rootDir()): RouteRule[] {
  return routeRules(discoverDeployables(root).services.map((s) => s.manifest).filter((m) => m.kind === 'service'));
}

/** The services whose manifest names an API declaration, and where their document goes (the gateway's own routes among them). */
export function apiFolders(root = rootDir()): Array<{ service: string; folder: string; module: string; export: string }> {
  // In port order (identity 4001 first), which is also the order of the public document's tags.
  return discoverDeployables(root)
    .services.filter((s) => s.manifest.api)
    .sort((a, b) => a.manifest.port - b.manifest.port)
    .map((s) => ({ service: s.manifest.name, folder: s.folder, ...s.manifest.api! }));
}

/** Every declaration, loaded from its service's folder, in port order (the gateway's last: its own routes). */
export async function loadApis(root = rootDir()): Promise<ServiceApi[]> {
  const apis = await Promise.all(
    apiFolders(root).map(async (a) => {
      const mod = (await import(path.join(root, a.folder, a.module))) as Record<string, unknown>;
      const api = mod[a.export] as ServiceApi | undefined;
      if (!api || !Array.isArray(api.operations)) throw new Error(`${a.folder}/service.json: api: ${a.module} has no ServiceApi export "${a.export}"`);
      if (api.service !== a.service) throw new Error(`${a.folder}/${a.module}: ${a.export} is service "${api.service}", not "${a.service}"`);
      return api;
    }),
  );
  return [...apis.filter((a) => a.service !== 'gateway'), ...apis.filter((a) => a.service === 'gateway')];
}

/** The committed documents (repository-relative path → document): one per service, and the gateway's merged one. */
export async function buildDocuments(root = rootDir()): Promise<Map<string, OpenApiDocument>> {
  const apis = await loadApis(root);
  const routes = publicRoutes(root);
  const out = new Map<string, OpenApiDocument>();
  for (const api of apis) if (api.service !== 'gateway') out.set(`services/${api.service}/openapi.json`, serviceDocument(api, VERSION, routes));
  out.set('services/gateway/openapi.json', publicDocument(apis, VERSION, routes));
  return out;
}

export function serialize(doc: OpenApiDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export const repoFile = (file: string) => new URL(file, ROOT);
