import { z } from 'zod';
import { createApp, createLogger, defineOperations, listen, mailLinkToPage, operationsRouter, signedIn, successStatus, type RunningServer } from '../src/index.ts';
import { testAuth } from '../src/testing/index.ts';

/** Issue 37 §1: a service's Koa router is built from its operation table; the table's auth and answers hold. */

interface Deps {
  items: Map<string, { id: string; name: string; owner: string }>;
}
const table = defineOperations<Deps>({
  service: 'kit-test',
  title: 'Kit test',
  description: 'A table as a service declares one.',
  operations: [
    {
      method: 'get', path: '/api/items/mine', id: 'mine', summary: 'Mine', auth: 'user', responses: { 200: { description: 'Mine.' } }, errors: [401],
      handle: (ctx, deps) => [...deps.items.values()].filter((i) => i.owner === signedIn(ctx).id),
    },
    {
      method: 'get', path: '/api/items/:id', id: 'get', summary: 'One', auth: 'none', params: { id: z.string() }, responses: { 200: { description: 'One.' } }, errors: [404],
      handle: (ctx, deps) => deps.items.get(ctx.params.id ?? '') ?? { error: 'none' },
    },
    {
      method: 'post', path: '/api/items', id: 'create', summary: 'Create', auth: 'user', responses: { 201: { description: 'Made.' } }, errors: [400, 401],
      handle: (ctx, deps) => {
        const item = { id: String(deps.items.size + 1), name: String((ctx.request.body as { name?: unknown }).name), owner: signedIn(ctx).id };
        deps.items.set(item.id, item);
        return item;
      },
    },
    {
      method: 'delete', path: '/api/items/:id', id: 'remove', summary: 'Remove', auth: 'admin', params: { id: z.string() }, responses: { 204: { description: 'Gone.' } }, errors: [401, 403],
      // Sets no status: a 204 operation answers 204 once its handler is done.
      handle: (ctx, deps) => deps.items.delete(ctx.params.id ?? ''),
    },
    {
      method: 'get', path: '/api/redirect', id: 'redirect', summary: 'Elsewhere', auth: 'none', responses: { 303: { description: 'There.' } }, errors: [],
      handle: (ctx) => ctx.redirect('/elsewhere'),
    },
    mailLinkToPage({ path: '/api/links/unsubscribe', id: 'unsubscribeLink', summary: 'A mail\'s link', auth: 'none', page: '/unsubscribe' }),
    mailLinkToPage({ path: '/api/links/own', id: 'ownLink', summary: 'A mail\'s own link', auth: 'none', errors: [], page: (query, d) => `/own?n=${d.items.size}&k=${String(query.k ?? '')}` }),
  ],
});

const { auth, cookie } = testAuth();
const deps: Deps = { items: new Map() };
let server: RunningServer;
let base: string;
beforeAll(async () => {
  const logger = createLogger('operations-test', 'silent');
  const app = createApp({ name: 'operations-test', logger });
  const router = operationsRouter(table.operations, deps, auth);
  app.use(router.routes()).use(router.allowedMethods());
  server = await listen(app, 0, '127.0.0.1', logger);
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.close());

const call = (method: string, path: string, opts: { cookie?: string; body?: unknown } = {}) =>
  fetch(base + path, {
    method,
    redirect: 'manual',
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.body ? { 'content-type': 'application/json' } : {}) },
    ...(opts.body ? { body: JSON.stringify(opts.body) } : {}),
  });

test('a user operation refuses a call without a session (401) before its handler runs, and answers a signed-in one', async () => {
  const refused = await call('POST', '/api/items', { body: { name: 'x' } });
  expect([refused.status, await refused.json()]).toEqual([401, expect.objectContaining({ error: 'Authentication required' })]);
  expect(deps.items.size).toBe(0);
  const alice = cookie();
  const made = await call('POST', '/api/items', { cookie: alice, body: { name: 'chair' } });
  expect(made.status).toBe(201); // the only success status the table names
  const item = (await made.json()) as { id: string; owner: string };
  expect((await (await call('GET', '/api/items/mine', { cookie: alice })).json()) as unknown[]).toEqual([item]);
  expect((await (await call('GET', '/api/items/mine', { cookie: cookie() })).json()) as unknown[]).toEqual([]);
});

test('the table order is the match order: /api/items/mine is not read as an id', async () => {
  expect((await call('GET', '/api/items/mine')).status).toBe(401);
  expect((await call('GET', '/api/items/nope')).status).toBe(200);
});

test('an admin operation answers 401 signed out, 403 without the role, and runs for an admin (204, no body)', async () => {
  deps.items.set('9', { id: '9', name: 'lamp', owner: 'someone' });
  expect((await call('DELETE', '/api/items/9')).status).toBe(401);
  const forbidden = await call('DELETE', '/api/items/9', { cookie: cookie() });
  expect([forbidden.status, await forbidden.json()]).toEqual([403, expect.objectContaining({ error: 'Admin access required' })]);
  expect(deps.items.has('9')).toBe(true);
  expect((await call('DELETE', '/api/items/9', { cookie: cookie({ admin: true }) })).status).toBe(204);
  expect(deps.items.has('9')).toBe(false);
});

test('a handler that answers itself keeps its own status; an unknown method is 405', async () => {
  const res = await call('GET', '/api/redirect');
  expect([res.status, res.headers.get('location')]).toEqual([302, '/elsewhere']);
  expect((await call('PUT', '/api/items')).status).toBe(405);
});

test('a mail link changes nothing and sends the browser to its page (303) with its token, or its own way; a link without a token is 400', async () => {
  const before = deps.items.size;
  const res = await call('GET', '/api/links/unsubscribe?token=a.b%2Bc');
  expect([res.status, res.headers.get('location')]).toEqual([303, '/unsubscribe?token=a.b%2Bc']);
  const bad = await call('GET', '/api/links/unsubscribe');
  expect([bad.status, ((await bad.json()) as { error: string }).error]).toEqual([400, expect.any(String)]);
  const own = await call('GET', '/api/links/own?k=x');
  expect([own.status, own.headers.get('location')]).toEqual([303, `/own?n=${before}&k=x`]);
  expect(deps.items.size).toBe(before);
  const declared = table.operations.find((o) => o.id === 'unsubscribeLink')!;
  expect([declared.method, Object.keys(declared.responses), declared.errors, declared.query]).toEqual(['get', ['303'], [400], expect.anything()]);
});

test('a returned body takes the only success status, or 200 when several are named', () => {
  const op = (responses: Record<number, { description: string }>) => ({ method: 'get' as const, path: '/x', id: 'x', summary: 'x', auth: 'none' as const, responses, errors: [] });
  expect(successStatus(op({ 201: { description: '' } }))).toBe(201);
  expect(successStatus(op({ 200: { description: '' }, 202: { description: '' } }))).toBe(200);
  expect(successStatus(op({ 303: { description: '' } }))).toBe(200);
});

test('a table entry without a handler cannot be mounted', () => {
  expect(() => operationsRouter([{ method: 'get', path: '/x', id: 'x', summary: 'x', auth: 'none', responses: {}, errors: [] }], deps, auth)).toThrow('GET /x (x) has no handler');
});

test("a table with its own words for a call without a session answers them (401), on its user operations", async () => {
  const logger = createLogger('operations-test', 'silent');
  const app = createApp({ name: 'operations-words', logger });
  const router = operationsRouter({ ...table, signInMessage: 'Please log in to see your items' }, deps, auth);
  app.use(router.routes());
  const own = await listen(app, 0, '127.0.0.1', logger);
  try {
    const res = await fetch(`http://127.0.0.1:${own.port}/api/items/mine`);
    expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([401, 'Please log in to see your items']);
    const signedInCall = await fetch(`http://127.0.0.1:${own.port}/api/items/mine`, { headers: { cookie: cookie() } });
    expect(signedInCall.status).toBe(200);
  } finally {
    await own.close();
  }
});
