import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { lint, lintFromString, loadConfig } from '@redocly/openapi-core';
import { connectMongo, createApp, createLogger, isOperation, listen, operationsRouter, type Auth } from '@cp/service-kit';
import { testAuth } from '@cp/service-kit/testing';
import { isPublicOperation, openApiPath, operationRateLimit, pathParamNames, type OpenApiDocument, type ServiceApi } from '@cp/contracts/openapi';
import { createRouteMatcher, RATE_LIMIT_MESSAGES, type RouteRule } from '@cp/contracts';
import { testEnv } from '../../infra/src/jest/test-env.ts';
import { apiFolders, buildDocuments, loadApis, publicRoutes, repoFile, serialize } from '../openapi/documents.ts';
import { listingsRoutes } from '../../services/listings/src/routes.ts';
import { lifecycleRoutes } from '../../services/listings/src/lifecycle-routes.ts';
import { savedListingsRoutes } from '../../services/listings/src/saved-listings-routes.ts';
import { savedSearchRoutes } from '../../services/listings/src/saved-search-routes.ts';
import { directoryRoutes } from '../../services/directory/src/routes.ts';
import { moderationRoutes } from '../../services/moderation/src/routes.ts';
import { messagesRoutes } from '../../services/messages/src/routes.ts';
import { pageRoutes } from '../../services/renderer/src/pages/routes.ts';
import { sitemapRoutes } from '../../services/renderer/src/sitemap/routes.ts';
import { previewImageRoutes } from '../../services/renderer/src/preview-images/routes.ts';
import { apiDocsRoutes } from '../../services/gateway/src/proxy/api-docs.ts';
import type { ListingsDeps } from '../../services/listings/src/use-cases/deps.ts';

/**
 * Issue 24 §1: the committed OpenAPI documents are what `npm run openapi` writes, they pass Redocly's lint, and each
 * service's declaration (services/<name>/src/api.ts) names exactly the routes its routers register.
 */

const logger = createLogger('openapi-test', 'silent');
/** The documents' paths, known before they are built: one per service whose manifest names its API, and the gateway's. */
const DOCUMENT_PATHS = [...apiFolders().filter((a) => a.service !== 'gateway').map((a) => `services/${a.service}/openapi.json`), 'services/gateway/openapi.json'];
const SERVICES_WITH_API = apiFolders().map((a) => a.service);
let documents: Map<string, OpenApiDocument>;
let ALL_APIS: ServiceApi[];
const ROUTE_RULES: RouteRule[] = publicRoutes();
const apiOf = (service: string) => ALL_APIS.find((a) => a.service === service)!;
beforeAll(async () => {
  documents = await buildDocuments();
  ALL_APIS = await loadApis();
});

test("every service's API declaration is found by its manifest, and every document by its declaration", () => {
  expect(SERVICES_WITH_API).toEqual(['identity', 'listings', 'forum', 'directory', 'ads', 'comms', 'search', 'renderer', 'moderation', 'messages', 'gateway']);
  expect([...documents.keys()]).toEqual(DOCUMENT_PATHS);
});

describe('the committed OpenAPI documents', () => {
  test.each(DOCUMENT_PATHS)('%s is what `npm run openapi` writes', (path) => {
    const committed = readFileSync(repoFile(path), 'utf8');
    expect(committed).toBe(serialize(documents.get(path)!));
  });

  test.each(DOCUMENT_PATHS)('%s passes Redocly lint (redocly.yaml)', async (path) => {
    const config = await loadConfig({ configPath: repoFile('redocly.yaml').pathname });
    const problems = await lint({ ref: repoFile(path).pathname, config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  test('the lint can fail: a document that names a schema it does not hold does not pass', async () => {
    const config = await loadConfig({ configPath: repoFile('redocly.yaml').pathname });
    const broken = JSON.parse(serialize(documents.get('services/forum/openapi.json')!)) as { components: { schemas: Record<string, unknown> } };
    delete broken.components.schemas.ForumPost;
    const problems = await lintFromString({ source: JSON.stringify(broken), absoluteRef: repoFile('broken.json').pathname, config });
    expect(problems.map((p) => p.ruleId)).toContain('no-unresolved-refs');
  });

  test('the public document has every routed operation and nothing under /internal', () => {
    const doc = documents.get('services/gateway/openapi.json') as { paths: Record<string, Record<string, { operationId: string }>> };
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)));
    const match = createRouteMatcher(ROUTE_RULES);
    for (const api of ALL_APIS) {
      for (const op of api.operations) {
        const key = `${op.method} ${openApiPath(op.path)}`;
        const routed = api.service === 'gateway' || (!op.path.startsWith('/internal') && match(op.path.replace(/[:*]\w+/g, 'x'))?.service === api.service);
        expect([key, documented.has(key)]).toEqual([key, routed]);
        expect(isPublicOperation(api.service, op, ROUTE_RULES)).toBe(routed);
      }
    }
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/internal'))).toEqual([]);
  });

  test("every rate-limit class of the route table names a documented operation, which the documents state", () => {
    // The documents take each operation's class from the table (operationRateLimit); a limit on a path no operation
    // has would limit nothing the API describes, so it fails here.
    const ops = ALL_APIS.filter((api) => api.service !== 'gateway').flatMap((api) => api.operations.filter((op) => isPublicOperation(api.service, op, ROUTE_RULES)));
    const publicDoc = JSON.stringify(documents.get('services/gateway/openapi.json'));
    for (const rule of ROUTE_RULES) {
      for (const limit of rule.limits ?? []) {
        const covered = ops.filter((op) => op.method === limit.method.toLowerCase() && (limit.path === undefined ? op.path === rule.prefix || op.path.startsWith(`${rule.prefix}/`) : op.path === limit.path));
        expect([rule.prefix, limit.class, covered.length > 0]).toEqual([rule.prefix, limit.class, true]);
        for (const op of covered) expect([op.path, operationRateLimit(op, ROUTE_RULES)]).toEqual([op.path, limit.class]);
      }
    }
    expect(publicDoc).toContain('`RATE_LIMIT_AUTH`');
    // A class's own 429 message (contracts' RATE_LIMIT_MESSAGES, which the gateway answers) is stated by each of its operations.
    const described = documents.get('services/gateway/openapi.json') as { paths: Record<string, Record<string, { description: string }>> };
    const withMessage = ops.flatMap((op) => {
      const c = operationRateLimit(op, ROUTE_RULES);
      const message = c === undefined ? undefined : RATE_LIMIT_MESSAGES[c];
      return message ? [{ op, message }] : [];
    });
    expect(withMessage.map(({ op }) => `${op.method} ${op.path}`).sort()).toEqual(['post /api/local-login', 'post /api/register']);
    for (const { op, message } of withMessage) {
      expect([op.path, described.paths[openApiPath(op.path)]?.[op.method]?.description]).toEqual([op.path, expect.stringContaining(`{ "error": "${message}" }`)]);
    }
    expect(ops.filter((op) => operationRateLimit(op, ROUTE_RULES) !== undefined).map((op) => `${op.method} ${op.path}`).sort()).toEqual([
      'post /api/advertisements/:id/click',
      'post /api/advertisements/:id/impression',
      'post /api/contact',
      'post /api/forgot-password',
      'post /api/local-login',
      'post /api/newsletter/subscribe',
      'post /api/register',
      'post /api/reset-password',
      'post /api/upload',
    ]);
  });
});

const stubAuth = { verify: async () => null, requireUser: async () => undefined, requireAdmin: async () => undefined, authenticate: async () => undefined } as unknown as Auth;
const stub = <T>(fields: Record<string, unknown> = {}) => ({ logger, ...fields }) as unknown as T;

/** Each service's routers, as its app.ts mounts them (the route factories with stand-in dependencies: registration only). */
async function routersOf(service: string, conn: Parameters<typeof savedListingsRoutes>[0]['conn']): Promise<Router[]> {
  const api = apiOf(service);
  // A service whose declaration is its operation table (issue 37 §1) registers exactly that table.
  if (api.operations.every((op) => isOperation(op))) return [operationsRouter(api.operations, stub(), stubAuth)];
  switch (service) {
    case 'listings': {
      const deps = stub<ListingsDeps>({ conn, images: { maxPixels: 1, concurrentUploads: 1 } });
      return [lifecycleRoutes(deps, stubAuth), listingsRoutes(deps, stubAuth), await savedListingsRoutes(deps, stubAuth), savedSearchRoutes(deps, stubAuth)];
    }
    case 'directory':
      return [directoryRoutes(stub(), stubAuth)];
    case 'moderation':
      return [moderationRoutes(stub(), stubAuth)];
    case 'messages':
      return [messagesRoutes(stub(), stubAuth)];
    case 'renderer':
      return [
        pageRoutes(stub({ site: {}, pageServices: {}, budgetMs: 1, previewerBudgetMs: 1 })),
        sitemapRoutes(stub({ publicUrl: 'http://localhost', search: {}, now: () => new Date() })),
        previewImageRoutes(stub({ config: {}, store: {} })),
      ];
    case 'gateway':
      return [apiDocsRoutes({ logger })];
    default:
      // A service's routers are built with their dependencies here until its routes come from one operation table
      // with its declaration.
      throw new Error(`no routers known for ${service} in scripts/test/openapi.test.ts routersOf`);
  }
}

/** `GET /api/listings/{id}` for each method of each layer (HEAD is Koa's for every GET; not listed). */
function registered(routers: Router[]): string[] {
  return routers
    .flatMap((r) => r.stack)
    .flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m.toLowerCase()} ${openApiPath(String(layer.path))}`))
    .sort();
}

describe('each declaration matches the routes its service registers', () => {
  let conn: Awaited<ReturnType<typeof connectMongo>>;
  beforeAll(async () => {
    conn = await connectMongo(testEnv().MONGO_URL, `openapi_${randomUUID().slice(0, 8)}`);
  });
  afterAll(async () => {
    await conn.dropDatabase();
    await conn.close();
  });

  test.each(SERVICES_WITH_API)('%s: no undocumented route, no documented route missing', async (service) => {
    const api = apiOf(service);
    const routes = registered(await routersOf(service, conn));
    const declared = api.operations.map((op) => `${op.method} ${openApiPath(op.path)}`).sort();
    expect(declared).toEqual(routes);
  });

  test.each(SERVICES_WITH_API)('%s: ids are unique and every path parameter has a schema', (service) => {
    const api = apiOf(service);
    const ids = api.operations.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of api.operations) expect([op.path, Object.keys(op.params ?? {}).sort()]).toEqual([op.path, pathParamNames(op.path).sort()]);
  });
});


/** The services whose routes are their operation table (service-kit operations.ts): the rest still list routers above. */
const TABLE_SERVICES = ['identity', 'forum', 'ads', 'comms', 'search'];

describe("each operation table's router holds the auth it declares, before its handler runs", () => {
  const { auth, cookie } = testAuth();
  /** Dependencies no guarded call may reach: any use fails the call (a 500), which the answers below rule out. */
  const untouchable = new Proxy({}, { get: (_t, key) => { throw new Error(`the handler ran (deps.${String(key)})`); } });
  const tables = () => ALL_APIS.filter((api) => api.operations.every((op) => isOperation(op)));

  test('the services answered by their tables', () => {
    expect(tables().map((api) => api.service).sort()).toEqual([...TABLE_SERVICES].sort());
  });

  test.each(TABLE_SERVICES)('%s: user and admin operations refuse a call without a session (401), admin ones a session without the role (403)', async (service) => {
    const api = apiOf(service);
    const app = createApp({ name: `${service}-table`, logger });
    const router = operationsRouter(api.operations, untouchable, auth);
    app.use(router.routes()).use(router.allowedMethods());
    const server = await listen(app, 0, '127.0.0.1', logger);
    try {
      const guarded = api.operations.filter((op) => op.auth === 'user' || op.auth === 'admin');
      // comms and search have no user or admin operation (only public, optional and internal ones): nothing to refuse.
      expect([service, guarded.length > 0]).toEqual([service, !['comms', 'search'].includes(service)]);
      for (const op of guarded) {
        const url = `http://127.0.0.1:${server.port}${op.path.replace(/[:*]\w+/g, 'x')}`;
        const call = (headers: Record<string, string>) =>
          fetch(url, { method: op.method.toUpperCase(), redirect: 'manual', headers: { 'content-type': 'application/json', ...headers }, ...(op.method === 'get' ? {} : { body: '{}' }) });
        const anonymous = await call({});
        expect([op.id, anonymous.status, ((await anonymous.json()) as { error?: string }).error]).toEqual([op.id, 401, 'Authentication required']);
        if (op.auth === 'admin') {
          const member = await call({ cookie: cookie() });
          expect([op.id, member.status, ((await member.json()) as { error?: string }).error]).toEqual([op.id, 403, 'Admin access required']);
        }
      }
    } finally {
      await server.close();
    }
  });
});
