/**
 * The visitor id cookie (issue 26): the site's page gives a browser without a well-formed `cp_vid` a new one (random,
 * 16 bytes base64url, HttpOnly, SameSite=Lax, Path=/, a year; Secure in production), once per answer, and never
 * touches one that is there; the API's answers, the remotes' and the shell's files never set it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_S, VISITOR_ID_PATTERN } from '@cp/contracts';
import { closeAfterAll } from '../../../infra/src/jest/closing.ts';
import type { RunningGateway } from '../src/app.ts';
import { client, startFakeService, startTestGateway, type FakeService } from './helpers.ts';

let dir: string;
let gateway: RunningGateway;
let production: RunningGateway;
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
});

const visitorCookies = (headers: Record<string, string | string[] | undefined>) => [headers['set-cookie'] ?? []].flat().filter((c) => c.startsWith(`${VISITOR_COOKIE}=`));
const idOf = (setCookie: string) => setCookie.slice(VISITOR_COOKIE.length + 1).split(';')[0]!;

describe('the page gives a browser without one a visitor id', () => {
  test.each(['/', '/index.html', '/listings', '/forum/some-post'])('GET %s without a cookie: one new cp_vid, with its attributes', async (p) => {
    const res = await api.call(`${gateway.url}${p}`);
    expect(res.status).toBe(200);
    const set = visitorCookies(res.headers);
    expect(set).toHaveLength(1);
    expect(idOf(set[0]!)).toMatch(VISITOR_ID_PATTERN);
    const attributes = set[0]!.split('; ').slice(1).sort();
    expect(attributes).toEqual(['HttpOnly', `Max-Age=${VISITOR_COOKIE_MAX_AGE_S}`, 'Path=/', 'SameSite=Lax']); // not Secure outside production
  });

  test('each new browser gets an id of its own', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i += 1) ids.add(idOf(visitorCookies((await api.call(`${gateway.url}/`)).headers)[0]!));
    expect(ids.size).toBe(20);
  });

  test('kept when the request carries a well-formed one (also among other cookies): no Set-Cookie', async () => {
    const id = idOf(visitorCookies((await api.call(`${gateway.url}/`)).headers)[0]!);
    for (const cookie of [`${VISITOR_COOKIE}=${id}`, `theme=dark; ${VISITOR_COOKIE}=${id}; cp_session=x.y.z`]) {
      const res = await api.call(`${gateway.url}/listings`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(visitorCookies(res.headers)).toEqual([]);
    }
  });

  test.each(['', 'short', 'x'.repeat(23), 'has space in it 1234567', 'ab%2Fcdefghijklmnopqrstu'])('a malformed one (%j) is replaced', async (bad) => {
    const res = await api.call(`${gateway.url}/`, { headers: { cookie: `${VISITOR_COOKIE}=${bad}` } });
    const set = visitorCookies(res.headers);
    expect(set).toHaveLength(1);
    expect(idOf(set[0]!)).toMatch(VISITOR_ID_PATTERN);
    expect(idOf(set[0]!)).not.toBe(bad);
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

  test("the API gets the browser's visitor cookie as it was sent", async () => {
    const id = idOf(visitorCookies((await api.call(`${gateway.url}/`)).headers)[0]!);
    const res = await api.call(`${gateway.url}/api/listings/echo`, { headers: { cookie: `${VISITOR_COOKIE}=${id}` } });
    expect(res.json<{ headers: Record<string, string> }>().headers.cookie).toBe(`${VISITOR_COOKIE}=${id}`);
  });
});
