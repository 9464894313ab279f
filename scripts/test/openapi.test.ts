import { readFileSync } from 'node:fs';
import { lint, lintFromString, loadConfig } from '@redocly/openapi-core';
import { createApp, createLogger, isOperation, listen, operationsRouter, type OperationTable } from '@cp/service-kit';
import { testAuth } from '@cp/service-kit/testing';
import { isPublicOperation, openApiPath, operationRateLimit, pathParamNames, type OpenApiDocument, type ServiceApi } from '@cp/contracts/openapi';
import { createRouteMatcher, RATE_LIMIT_MESSAGES, type RouteRule } from '@cp/contracts';
import { discoverDeployables } from '../../infra/src/deployables.ts';
import { repoRoot } from '../../infra/src/paths.ts';
import { apiFolders, buildDocuments, loadApis, publicRoutes, repoFile, serialize } from '../openapi/documents.ts';

/**
 * Issue 24 §1: the committed OpenAPI documents are what `npm run openapi` writes and they pass Redocly's lint. Each
 * service's operation table (services/<name>/src/api.ts, service-kit operations.ts) is both its declaration and its
 * router, so they cannot disagree; its router holds the auth each operation declares.
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
  // Every deployable that owns public paths (and the edge) declares its API; a new team's service is found like the others.
  const owningPaths = discoverDeployables(repoRoot()).services.filter((s) => s.manifest.kind === 'edge' || s.manifest.routes.length > 0);
  expect([...SERVICES_WITH_API].sort()).toEqual(owningPaths.map((s) => s.manifest.name).sort());
  expect(SERVICES_WITH_API).toEqual(expect.arrayContaining(['identity', 'listings', 'gateway']));
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

describe("each service's operation table", () => {
  test('every service answers from its table: each operation it declares carries its handler', () => {
    for (const api of ALL_APIS) expect([api.service, api.operations.filter((op) => !isOperation(op)).map((op) => op.id)]).toEqual([api.service, []]);
  });

  test.each(SERVICES_WITH_API)('%s: ids are unique and every path parameter has a schema', (service) => {
    const api = apiOf(service);
    const ids = api.operations.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of api.operations) expect([op.path, Object.keys(op.params ?? {}).sort()]).toEqual([op.path, pathParamNames(op.path).sort()]);
  });
});

describe("each operation table's router holds the auth it declares, before its handler runs", () => {
  const { auth, cookie } = testAuth();
  /** Dependencies no guarded call may reach: any use fails the call (a 500), which the answers below rule out. */
  const untouchable = new Proxy({}, { get: (_t, key) => { throw new Error(`the handler ran (deps.${String(key)})`); } });

  test('the tables have user and admin operations to check', () => {
    expect(ALL_APIS.flatMap((api) => api.operations.filter((op) => op.auth === 'user' || op.auth === 'admin')).length).toBeGreaterThan(0);
  });

  test.each(SERVICES_WITH_API)('%s: user and admin operations refuse a call without a session (401), admin ones a session without the role (403)', async (service) => {
    const api = apiOf(service);
    const app = createApp({ name: `${service}-table`, logger });
    const table = api as OperationTable<unknown>;
    const router = operationsRouter(table, untouchable, auth);
    app.use(router.routes()).use(router.allowedMethods());
    const server = await listen(app, 0, '127.0.0.1', logger);
    try {
      for (const op of api.operations.filter((op) => op.auth === 'user' || op.auth === 'admin')) {
        const url = `http://127.0.0.1:${server.port}${op.path.replace(/[:*]\w+/g, 'x')}`;
        const call = (headers: Record<string, string>) =>
          fetch(url, { method: op.method.toUpperCase(), redirect: 'manual', headers: { 'content-type': 'application/json', ...headers }, ...(op.method === 'get' ? {} : { body: '{}' }) });
        const anonymous = await call({});
        expect([op.id, anonymous.status, ((await anonymous.json()) as { error?: string }).error]).toEqual([op.id, 401, table.signInMessage ?? 'Authentication required']);
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
