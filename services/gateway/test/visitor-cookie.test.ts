/**
 * The visitor id cookie (issues 26 and 41 §2): the site's page gives a browser without a `cp_vid` whose signature holds
 * a new one (a random id, 16 bytes base64url, signed with the gateway's key; HttpOnly, SameSite=Lax, Path=/, a year;
 * Secure in production), once per answer, and never touches one that holds; the API's answers, the remotes' and the
 * shell's files never set it. Only a signed id reaches the services (VISITOR_HEADER): a made-up or altered cookie, or a
 * client's own header, counts as no visitor id.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_S, VISITOR_HEADER, VISITOR_ID_PATTERN } from '@cp/contracts';
import { closeAfterAll } from '../../../infra/src/jest/closing.ts';
import type { RunningGateway } from '../src/app.ts';
import { client, signedVisitorCookie, startFakeService, startTestGateway, TEST_VISITOR_ID_KEYS, type FakeService } from './helpers.ts';
import { visitorIds } from '../src/web/visitor-cookie.ts';
import { loadGatewayConfig } from '../src/config.ts';

let dir: string;
let gateway: RunningGateway;
let production: RunningGateway;
let rotated: RunningGateway;
let unkeyed: RunningGateway;
const NEW_KEY = { id: 'k2', key: randomBytes(32) };
let listings: FakeService;
const closing = closeAfterAll();
const api = closing(client());

function write(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** The operator's values production requires (site-settings.ts). */
const SITE = {
  SITE_WHATSAPP_GROUP_URL: 'https://chat.whatsapp.com/K3yStoneDesi2024Group',
  SITE_CONTACT_EMAIL: 'hello@centralpadesi.org',
  SITE_CONTACT_PHONE: '+1 (717) 730-4411',
  SITE_FOUNDER_NAME: 'Anita Rao',
  SITE_FOUNDER_TITLE: 'Founder and volunteer organiser',
  SITE_FOUNDER_BIO: 'Anita moved to Camp Hill in 2015.',
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'gateway-visitor-'));
  closing(() => rmSync(dir, { recursive: true, force: true }));
  const shell = path.join(dir, 'shell');
  write(path.join(shell, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  write(path.join(shell, 'csp.json'), JSON.stringify({ 'script-src': [] }));
  write(path.join(shell, 'main.0a1b2c3d.js'), 'console.log(1);\n');
  write(path.join(shell, 'humans.txt'), 'Made by the community\n');
  const remote = path.join(dir, 'listings');
  write(path.join(remote, 'remoteEntry.js'), 'var mf_listings = 1;\n');
  write(path.join(remote, 'mf-manifest.json'), JSON.stringify({ id: 'mf_listings', name: 'mf_listings', metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, cpRemote: { routes: ['/listings'], slots: [], postAdPanel: false } } }));
  listings = closing(await startFakeService('listings'));
  const env = { LISTINGS_URL: listings.url, WEB_ROOT: shell, WEB_REMOTES: JSON.stringify({ listings: remote }) };
  gateway = closing(await startTestGateway(env));
  production = closing(await startTestGateway({ ...env, ...SITE, NODE_ENV: 'production' }));
  // A new key first, the test key still listed: cookies it signed are signed again with the new one.
  rotated = closing(await startTestGateway({ ...env, VISITOR_ID_KEYS: `${NEW_KEY.id}:${NEW_KEY.key.toString('hex')},${TEST_VISITOR_ID_KEYS}` }));
  unkeyed = closing(await startTestGateway({ ...env, VISITOR_ID_KEYS: '' }));
});

const visitorCookies = (headers: Record<string, string | string[] | undefined>) => [headers['set-cookie'] ?? []].flat().filter((c) => c.startsWith(`${VISITOR_COOKIE}=`));
/** The cookie's value: `<id>.<key id>.<signature>`. */
const valueOf = (setCookie: string) => setCookie.slice(VISITOR_COOKIE.length + 1).split(';')[0]!;
const idOf = (setCookie: string) => valueOf(setCookie).split('.')[0]!;
const SIGNED = /^[A-Za-z0-9_-]{22}\.[a-z0-9]{1,16}\.[A-Za-z0-9_-]{22}$/;

describe('the page gives a browser without one a visitor id', () => {
  test.each(['/', '/index.html', '/listings', '/forum/some-post'])('GET %s without a cookie: one new cp_vid, with its attributes', async (p) => {
    const res = await api.call(`${gateway.url}${p}`);
    expect(res.status).toBe(200);
    const set = visitorCookies(res.headers);
    expect(set).toHaveLength(1);
    expect(valueOf(set[0]!)).toMatch(SIGNED);
    expect(idOf(set[0]!)).toMatch(VISITOR_ID_PATTERN);
    const attributes = set[0]!.split('; ').slice(1).sort();
    expect(attributes).toEqual(['HttpOnly', `Max-Age=${VISITOR_COOKIE_MAX_AGE_S}`, 'Path=/', 'SameSite=Lax']); // not Secure outside production
  });

  test('each new browser gets an id of its own', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i += 1) ids.add(idOf(visitorCookies((await api.call(`${gateway.url}/`)).headers)[0]!));
    expect(ids.size).toBe(20);
  });

  test('kept when the request carries one it signed (also among other cookies): no Set-Cookie', async () => {
    const value = valueOf(visitorCookies((await api.call(`${gateway.url}/`)).headers)[0]!);
    for (const cookie of [`${VISITOR_COOKIE}=${value}`, `theme=dark; ${VISITOR_COOKIE}=${value}; cp_session=x.y.z`]) {
      const res = await api.call(`${gateway.url}/listings`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(visitorCookies(res.headers)).toEqual([]);
    }
  });

  const made = randomBytes(16).toString('base64url');
  const genuine = signedVisitorCookie(made).slice(VISITOR_COOKIE.length + 1);
  test.each([
    ['empty', ''],
    ['malformed', 'has space in it 1234567'],
    ['an id made up by the client (the unsigned form of earlier cookies)', made],
    ['an altered signature', `${genuine.slice(0, -2)}${genuine.endsWith('AA') ? 'BB' : 'AA'}`],
    ['another id under a genuine signature', `${randomBytes(16).toString('base64url')}${genuine.slice(22)}`],
    ['a key id the gateway does not hold', genuine.replace('.test.', '.gone.')],
  ])('%s is replaced by a new id', async (_label, bad) => {
    const res = await api.call(`${gateway.url}/`, { headers: { cookie: `${VISITOR_COOKIE}=${bad}` } });
    const set = visitorCookies(res.headers);
    expect(set).toHaveLength(1);
    expect(valueOf(set[0]!)).toMatch(SIGNED);
    expect(idOf(set[0]!)).not.toBe(made);
  });

  test('one signed with an older key still listed is signed again with the new key, the same id', async () => {
    const id = randomBytes(16).toString('base64url');
    const res = await api.call(`${rotated.url}/`, { headers: { cookie: signedVisitorCookie(id) } });
    const set = visitorCookies(res.headers);
    expect(set).toHaveLength(1);
    expect(valueOf(set[0]!)).toBe(visitorIds([NEW_KEY]).sign(id));
    // Signed with the new key: kept as it is.
    expect(visitorCookies((await api.call(`${rotated.url}/`, { headers: { cookie: `${VISITOR_COOKIE}=${valueOf(set[0]!)}` } })).headers)).toEqual([]);
  });

  test('without VISITOR_ID_KEYS (outside production) no visitor cookie is set', async () => {
    const res = await api.call(`${unkeyed.url}/`);
    expect(res.status).toBe(200);
    expect(visitorCookies(res.headers)).toEqual([]);
  });

  test('also on HEAD and on a 304 revalidation of the page', async () => {
    const head = await api.call(`${gateway.url}/`, { method: 'HEAD' });
    expect(visitorCookies(head.headers)).toHaveLength(1);
    const etag = String((await api.call(`${gateway.url}/`)).headers.etag);
    const again = await api.call(`${gateway.url}/`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(visitorCookies(again.headers)).toHaveLength(1);
  });

  test('Secure in production', async () => {
    const set = visitorCookies((await api.call(`${production.url}/`)).headers);
    expect(set).toHaveLength(1);
    expect(set[0]!.split('; ')).toContain('Secure');
  });
});

describe('its keys (VISITOR_ID_KEYS)', () => {
  const SITE_PRODUCTION = { NODE_ENV: 'production', ...SITE };
  test('required in production; malformed entries refused with one sentence', () => {
    expect(() => loadGatewayConfig(SITE_PRODUCTION)).toThrow(/VISITOR_ID_KEYS: required in production/);
    const key = randomBytes(32).toString('base64url');
    for (const bad of ['nokeyid', `Upper:${key}`, 'k1:short', `k1:${key},k1:${key}`, `k1:${key}, :x`]) {
      expect(() => loadGatewayConfig({ VISITOR_ID_KEYS: bad })).toThrow(/VISITOR_ID_KEYS: must be <key id>:<key> entries/);
    }
    const keys = loadGatewayConfig({ ...SITE_PRODUCTION, VISITOR_ID_KEYS: `k2:${key}, k1:${'ab'.repeat(32)}` }).web.visitorIdKeys;
    expect(keys?.map((k) => [k.id, k.key.length])).toEqual([['k2', 32], ['k1', 32]]);
  });
});

describe('no other answer sets it', () => {
  test.each([
    ['an API answer (its own cookies come back unchanged)', '/api/listings'],
    ['a hashed shell file', '/main.0a1b2c3d.js'],
    ['an unhashed shell file', '/humans.txt'],
    ["a remote's file", '/mf/listings/remoteEntry.js'],
    ['the remote registry', '/mf/registry.json'],
    ['a missing file (404 JSON)', '/missing.js'],
    ['the health check', '/healthz'],
  ])('%s', async (_label, p) => {
    const res = await api.call(`${gateway.url}${p}`);
    expect(res.status).toBeLessThan(500);
    expect(visitorCookies(res.headers)).toEqual([]);
    if (p.startsWith('/api/')) expect(res.headers['set-cookie']).toEqual(['first=1; Path=/; HttpOnly', 'second=2; Path=/; SameSite=Lax']);
  });

  test("a state change to the page's path (405) sets nothing", async () => {
    const res = await api.call(`${gateway.url}/`, { method: 'POST', headers: { origin: 'http://localhost:8080' } });
    expect(res.status).toBe(405);
    expect(visitorCookies(res.headers)).toEqual([]);
  });

  test("the API gets the browser's cookies as they were sent, and the visitor id only when its signature holds", async () => {
    const set = visitorCookies((await api.call(`${gateway.url}/`)).headers)[0]!;
    const seen = async (headers: Record<string, string>) => (await api.call(`${gateway.url}/api/listings/echo`, { headers })).json<{ headers: Record<string, string | undefined> }>().headers;
    const signed = await seen({ cookie: `${VISITOR_COOKIE}=${valueOf(set)}` });
    expect([signed.cookie, signed[VISITOR_HEADER]]).toEqual([`${VISITOR_COOKIE}=${valueOf(set)}`, idOf(set)]);
    // A made-up id, and a client's own header: no visitor id reaches the service.
    const made = randomBytes(16).toString('base64url');
    expect((await seen({ cookie: `${VISITOR_COOKIE}=${made}` }))[VISITOR_HEADER]).toBeUndefined();
    expect((await seen({ [VISITOR_HEADER]: made }))[VISITOR_HEADER]).toBeUndefined();
    expect((await seen({ cookie: `${VISITOR_COOKIE}=${valueOf(set)}`, [VISITOR_HEADER]: made }))[VISITOR_HEADER]).toBe(idOf(set));
  });
});
