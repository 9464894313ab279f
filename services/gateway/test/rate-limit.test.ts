import { RATE_LIMIT_MESSAGES } from '@cp/contracts';
import type { RunningGateway } from '../src/app.ts';
import { client, startFakeService, startTestGateway, type FakeService } from './helpers.ts';

const http = client();
let identity: FakeService;
let ads: FakeService;
const gateways: RunningGateway[] = [];

async function gatewayWith(env: Record<string, string>): Promise<string> {
  const g = await startTestGateway({ IDENTITY_URL: identity.url, ADS_URL: ads.url, ...env });
  gateways.push(g);
  return g.url;
}

const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  identity = await startFakeService('identity');
  ads = await startFakeService('ads');
});

afterAll(async () => {
  await http.close();
  await Promise.all(gateways.map((g) => g.close()));
  await Promise.all([identity?.stop(), ads?.stop()]);
});

test('the login route has its own small limit: 429 JSON with Retry-After, shared with register', async () => {
  const base = await gatewayWith({ RATE_LIMIT_AUTH: '3' });
  for (let i = 0; i < 3; i++) {
    const ok = await http.call(`${base}/api/local-login`, { method: 'POST', headers: json, body: '{}' });
    expect(ok.status).toBe(200);
  }
  const seen = identity.seen.length;
  const limited = await http.call(`${base}/api/local-login`, { method: 'POST', headers: json, body: '{}' });
  expect(limited.status).toBe(429);
  expect(limited.json()).toMatchObject({ error: RATE_LIMIT_MESSAGES.auth }); // the class's own message (contracts)
  const retryAfter = Number(limited.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(identity.seen.length).toBe(seen); // never reached the service

  // register counts in the same bucket; a trailing slash or a spoofed X-Forwarded-For does not get around it
  expect((await http.call(`${base}/api/register`, { method: 'POST', headers: json, body: '{}' })).status).toBe(429);
  expect((await http.call(`${base}/api/local-login/`, { method: 'POST', headers: json, body: '{}' })).status).toBe(429);
  const spoofed = await http.call(`${base}/api/local-login`, { method: 'POST', headers: { ...json, 'x-forwarded-for': '198.51.100.7' }, body: '{}' });
  expect(spoofed.status).toBe(429);

  // other routes are not affected
  expect((await http.call(`${base}/api/auth/user`)).status).toBe(200);
});

test('a global per-IP limit covers every route; health endpoints are not counted', async () => {
  const base = await gatewayWith({ RATE_LIMIT_GLOBAL: '5' });
  for (let i = 0; i < 5; i++) expect((await http.call(`${base}/api/auth/user`)).status).toBe(200);
  const limited = await http.call(`${base}/api/advertisements`);
  expect(limited.status).toBe(429);
  expect(limited.headers['retry-after']).toBeDefined();
  expect((await http.call(`${base}/healthz`)).status).toBe(200);
  expect((await http.call(`${base}/readyz`)).status).toBe(200);
});

test('the site files and images have their own bucket: loading pages does not use up the API limit, and the other way round', async () => {
  const base = await gatewayWith({ RATE_LIMIT_GLOBAL: '3', RATE_LIMIT_WEB: '4', WEB_REMOTES: '{"listings":"/nonexistent-build"}' });
  for (let i = 0; i < 2; i++) expect((await http.call(`${base}/mf/registry.json`)).status).toBe(200);
  // no listings service here (503): what counts is that the images are not refused by the API limit
  for (let i = 0; i < 2; i++) expect((await http.call(`${base}/uploads/img/a.webp`)).status).not.toBe(429);
  expect((await http.call(`${base}/uploads/img/a.webp`)).status).toBe(429);
  expect((await http.call(`${base}/mf/registry.json`)).status).toBe(429);
  for (let i = 0; i < 3; i++) expect((await http.call(`${base}/api/auth/user`)).status).toBe(200);
  expect((await http.call(`${base}/api/auth/user`)).status).toBe(429);
});

test('ad impressions and clicks have their own limit, separate from other ad calls', async () => {
  const base = await gatewayWith({ RATE_LIMIT_AD_EVENTS: '2' });
  expect((await http.call(`${base}/api/advertisements/a1/impression`, { method: 'POST' })).status).toBe(200);
  expect((await http.call(`${base}/api/advertisements/a1/click`, { method: 'POST' })).status).toBe(200);
  expect((await http.call(`${base}/api/advertisements/a2/impression`, { method: 'POST' })).status).toBe(429);
  expect((await http.call(`${base}/api/advertisements`)).status).toBe(200);
});

test('behind a trusted proxy the client address comes from its X-Forwarded-For (last hop only)', async () => {
  const base = await gatewayWith({ RATE_LIMIT_AUTH: '1', TRUST_PROXY: 'true' });
  const login = (ip: string) =>
    http.call(`${base}/api/local-login`, { method: 'POST', headers: { ...json, 'x-forwarded-for': `10.9.9.9, ${ip}` }, body: '{}' });
  const first = await login('192.0.2.1');
  expect(first.status).toBe(200);
  expect(first.json<{ headers: Record<string, string> }>().headers['x-forwarded-for']).toBe('192.0.2.1, 127.0.0.1');
  expect((await login('192.0.2.1')).status).toBe(429);
  expect((await login('192.0.2.2')).status).toBe(200);
});

test("each class counts where the route table's rule says, for POST only, one bucket per class", async () => {
  const comms = await startFakeService('comms');
  const listings = await startFakeService('listings');
  try {
    const base = await gatewayWith({ COMMS_URL: comms.url, LISTINGS_URL: listings.url, RATE_LIMIT_PASSWORD: '1', RATE_LIMIT_CONTACT: '2', RATE_LIMIT_UPLOAD: '1' });
    const post = (path: string) => http.call(`${base}${path}`, { method: 'POST', headers: json, body: '{}' });
    // password: forgot and reset share one bucket; a GET of the same path is not counted
    expect((await http.call(`${base}/api/forgot-password`)).status).toBe(200);
    expect((await post('/api/forgot-password')).status).toBe(200);
    expect((await post('/api/reset-password')).status).toBe(429);
    // contact: the contact form and the newsletter sign-up, not the newsletter's other paths
    expect((await post('/api/contact')).status).toBe(200);
    expect((await post('/api/newsletter/subscribe/')).status).toBe(200);
    expect((await post('/api/newsletter/confirm')).status).toBe(200);
    const contact = await post('/api/contact');
    expect(contact.status).toBe(429);
    expect(contact.json()).toMatchObject({ error: 'Too many requests, please try again later.' }); // a class without a message of its own: the general one
    // upload: the rule's prefix and everything below it
    expect((await post('/api/upload')).status).toBe(200);
    expect((await post('/api/upload/more')).status).toBe(429);
    expect((await post('/api/listings')).status).toBe(200);
  } finally {
    await Promise.all([comms.stop(), listings.stop()]);
  }
});
