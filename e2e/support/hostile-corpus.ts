/**
 * The hostile-input corpus (issue 16), in one place: every endpoint of every service, and what an attacker sends
 * them. A new service is covered by adding its endpoints to ENDPOINTS; the requests are generated from them.
 *
 * The generation is seeded (FUZZ_SEED, printed by the test) and bounded: the same seed gives the same requests.
 */
import { gzipSync } from 'node:zlib';

export type ServiceName = 'identity' | 'listings' | 'forum' | 'directory' | 'ads' | 'comms';

export interface Endpoint {
  service: ServiceName;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** With `:id` where an id goes. */
  path: string;
  body: 'json' | 'multipart' | 'none';
  /** Answers only behind the gateway's back (service to service): fuzzed directly, and through the gateway must 404. */
  internal?: boolean;
  /** A valid body, which the generated bodies break field by field. */
  sample?: Record<string, unknown>;
  /** Query parameters the endpoint reads. */
  query?: string[];
  /** For admins only: sent with an admin attacker's session, so the bodies reach the code behind the admin check. */
  admin?: boolean;
}

const LISTING = {
  category: 'Buy & Sell',
  title: 'Sofa set for sale',
  description: 'Three seater sofa in very good condition, pick up only.',
  location: 'Harrisburg PA',
  price: 200,
  tier: 'free',
  status: 'active',
};

const BUSINESS = {
  name: 'Fuzz Grocers',
  mainCategory: 'Shopping',
  subCategory: 'Grocery Stores',
  description: 'Indian groceries and spices.',
  address: '1 Market St, Camp Hill, PA',
  phone: '717-555-0199',
  email: 'fuzz@example.com',
  website: 'https://fuzz.example',
  premium: false,
};

const AD = {
  title: 'Fuzz sale',
  description: 'Everything half price.',
  ctaText: 'Shop',
  ctaUrl: 'https://fuzz.example/sale',
  placement: 'homepage-top',
  size: 'large',
  pricingTier: 'banner',
  status: 'active',
};

export const ENDPOINTS: Endpoint[] = [
  // identity
  { service: 'identity', method: 'POST', path: '/api/register', body: 'json', sample: { username: 'fuzzer', password: 'pw-123456', email: 'f@example.com', firstName: 'F', lastName: 'Z', termsAccepted: true } },
  { service: 'identity', method: 'POST', path: '/api/local-login', body: 'json', sample: { username: 'fuzzer', password: 'pw-123456' } },
  { service: 'identity', method: 'POST', path: '/api/logout', body: 'none' },
  { service: 'identity', method: 'GET', path: '/api/auth/user', body: 'none' },
  { service: 'identity', method: 'POST', path: '/api/forgot-password', body: 'json', sample: { email: 'f@example.com' } },
  { service: 'identity', method: 'POST', path: '/api/reset-password', body: 'json', sample: { token: 'a'.repeat(43), password: 'pw-654321' } },
  { service: 'identity', method: 'GET', path: '/internal/sessions/:id', body: 'none', internal: true },
  { service: 'identity', method: 'GET', path: '/internal/users/:id', body: 'none', internal: true },
  // listings
  { service: 'listings', method: 'GET', path: '/api/listings', body: 'none', query: ['search', 'category', 'location', 'priceRange', 'tier', 'userId', 'sort', 'page', 'pageSize'] },
  { service: 'listings', method: 'GET', path: '/api/listings/:id', body: 'none' },
  { service: 'listings', method: 'POST', path: '/api/listings', body: 'json', sample: LISTING },
  { service: 'listings', method: 'PUT', path: '/api/listings/:id', body: 'json', sample: { title: 'Sofa set, price lowered', price: 150 } },
  { service: 'listings', method: 'DELETE', path: '/api/listings/:id', body: 'none' },
  { service: 'listings', method: 'POST', path: '/api/upload', body: 'multipart' },
  { service: 'listings', method: 'GET', path: '/uploads/img/:id', body: 'none' },
  // forum
  { service: 'forum', method: 'GET', path: '/api/forum/posts', body: 'none' },
  { service: 'forum', method: 'GET', path: '/api/forum/posts/:id', body: 'none' },
  { service: 'forum', method: 'GET', path: '/api/forum/posts/:id/replies', body: 'none' },
  { service: 'forum', method: 'POST', path: '/api/forum/posts', body: 'json', sample: { category: 'General', title: 'Cricket this Sunday', content: 'Tennis-ball cricket at the Carlisle park, all welcome.' } },
  { service: 'forum', method: 'POST', path: '/api/forum/posts/:id/replies', body: 'json', sample: { content: 'Count me in for Sunday!' } },
  // directory
  { service: 'directory', method: 'GET', path: '/api/businesses', body: 'none' },
  { service: 'directory', method: 'GET', path: '/api/yellow-pages', body: 'none', query: ['mainCategory', 'subCategory'] },
  { service: 'directory', method: 'GET', path: '/api/businesses/:id/reviews', body: 'none' },
  { service: 'directory', method: 'POST', path: '/api/businesses/:id/reviews', body: 'json', sample: { rating: 4, comment: 'Friendly staff and fresh food.' } },
  { service: 'directory', method: 'POST', path: '/api/admin/businesses', body: 'json', admin: true, sample: BUSINESS },
  { service: 'directory', method: 'PUT', path: '/api/admin/businesses/:id', body: 'json', admin: true, sample: BUSINESS },
  { service: 'directory', method: 'DELETE', path: '/api/admin/businesses/:id', body: 'none', admin: true },
  // ads
  { service: 'ads', method: 'GET', path: '/api/advertisements', body: 'none', query: ['placement', 'status'] },
  { service: 'ads', method: 'POST', path: '/api/advertisements', body: 'json', admin: true, sample: AD },
  { service: 'ads', method: 'PUT', path: '/api/advertisements/:id', body: 'json', admin: true, sample: AD },
  { service: 'ads', method: 'DELETE', path: '/api/advertisements/:id', body: 'none', admin: true },
  { service: 'ads', method: 'POST', path: '/api/advertisements/:id/impression', body: 'none' },
  { service: 'ads', method: 'POST', path: '/api/advertisements/:id/click', body: 'none' },
  // comms
  { service: 'comms', method: 'POST', path: '/api/contact', body: 'json', sample: { name: 'Fuzz', email: 'f@example.com', subject: 'Hello there', message: 'A message long enough to pass.' } },
  { service: 'comms', method: 'POST', path: '/api/newsletter/subscribe', body: 'json', sample: { email: 'f@example.com' } },
];

export interface HostileRequest {
  /** What the request tries, for the failure message. */
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** mulberry32: a small seeded generator, so a failing seed can be replayed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;

/** Values that must never be taken for data: operators, prototype keys, wrong types, huge and binary strings. */
const HOSTILE_VALUES: unknown[] = [
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(1000)' },
  { $regex: '.*' },
  ['a', 'b'],
  [],
  {},
  null,
  true,
  -1,
  1e308,
  0.5,
  'x'.repeat(100_000),
  '\u0000',
  'a\u0000b',
  '\ud800',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  'javascript:alert(1)',
  { __proto__: { isAdmin: true } },
];

/** Ids an attacker puts where an id goes. */
const HOSTILE_IDS = [
  '..%2f..%2finternal',
  '%00',
  '%2e%2e',
  encodeURIComponent('{"$gt":""}'),
  'a'.repeat(5_000),
  'null',
  '0',
  '-1',
  '00000000-0000-0000-0000-000000000000',
  'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA',
  '%E2%80%AE',
  '%ZZ',
  'img%2F..%2F..%2Fsecret.webp',
  "1'%20OR%20'1'%3D'1",
];

/** Every byte of the text's UTF-8 as %XX (encodeURIComponent refuses a lone surrogate; an attacker does not). */
const percentEncoded = (text: string) => [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** Query strings: operators, arrays, prototype keys, bad encoding, NUL, huge values. */
function hostileQueries(params: string[], rnd: () => number): string[] {
  const out = ['__proto__[isAdmin]=true', 'constructor[prototype][isAdmin]=true', '%ZZ=1', `q=${'a'.repeat(6_000)}`, '&&&==&'];
  for (const p of params) {
    out.push(`${p}[$regex]=.*`, `${p}[$ne]=`, `${p}=%00`, `${p}=a&${p}=b`, `${p}=${'9'.repeat(400)}`, `${p}=-1`, `${p}=%F0%9F%92%A9`);
  }
  // A few random mixes of the above.
  for (let i = 0; i < 4; i += 1) out.push(`${pick(rnd, params)}=${percentEncoded(String(pick(rnd, HOSTILE_VALUES.filter((v) => typeof v === 'string'))))}`);
  return out;
}

/** Deeply nested JSON: arrays and objects, deeper than any parser should recurse. */
function deeplyNested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** JSON bodies that are broken, lying about themselves, too big or full of hostile values. */
function hostileJsonBodies(sample: Record<string, unknown>, rnd: () => number): Array<{ name: string; headers: Record<string, string>; body: Buffer }> {
  const json = (name: string, value: unknown, headers: Record<string, string> = {}) => ({ name, headers: { 'content-type': 'application/json', ...headers }, body: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)) });
  const valid = JSON.stringify(sample);
  const out: Array<{ name: string; headers: Record<string, string>; body: Buffer }> = [
    json('truncated JSON', valid.slice(0, Math.max(1, Math.floor(valid.length * rnd())))),
    json('not JSON', 'hello'),
    json('JSON null', 'null'),
    json('JSON array', '[1,2,3]'),
    json('JSON string', '"text"'),
    json('JSON number', '42'),
    json('empty body', ''),
    json('BOM and garbage', '\ufeff{"a":1,}'),
    json('duplicate keys', `{"username":"a","username":{"$gt":""}}`),
    json('deeply nested object', deeplyNested(20_000)),
    json('deeply nested array', `${'['.repeat(50_000)}${']'.repeat(50_000)}`),
    json('huge body (2 MB)', JSON.stringify({ ...sample, padding: 'x'.repeat(2_000_000) })),
    json('prototype keys', `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},${valid.slice(1)}`),
    json('operator at the top', { $where: '1', ...sample }),
    json('lying gzip', valid, { 'content-encoding': 'gzip' }),
    json('lying deflate', valid, { 'content-encoding': 'deflate' }),
    json('lying brotli', valid, { 'content-encoding': 'br' }),
    json('unknown encoding', valid, { 'content-encoding': 'zstd-bogus' }),
    json('double encoding', valid, { 'content-encoding': 'gzip, gzip' }),
    { name: 'truncated gzip', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync(valid).subarray(0, 10) },
    { name: 'gzip bomb', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync(Buffer.concat([Buffer.from('{"a":"'), Buffer.alloc(30_000_000, 0x61), Buffer.from('"}')])) },
    json('wrong charset', valid, { 'content-type': 'application/json; charset=utf-16' }),
    json('bogus charset', valid, { 'content-type': 'application/json; charset=x-evil' }),
    { name: 'form-encoded', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.from('username[$gt]=&password[$gt]=') },
    { name: 'text/plain JSON', headers: { 'content-type': 'text/plain' }, body: Buffer.from(valid) },
    { name: 'no content type', headers: {}, body: Buffer.from(valid) },
    { name: 'multipart to a JSON endpoint', headers: { 'content-type': 'multipart/form-data; boundary=ZZ' }, body: Buffer.from('--ZZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--ZZ--\r\n') },
    { name: 'binary garbage', headers: { 'content-type': 'application/json' }, body: Buffer.from(Array.from({ length: 512 }, () => Math.floor(rnd() * 256))) },
  ];
  // Each field of the sample replaced by a hostile value, and a hostile extra field.
  for (const key of Object.keys(sample)) {
    const value = pick(rnd, HOSTILE_VALUES);
    out.push(json(`${key} = ${JSON.stringify(value)?.slice(0, 40)}`, { ...sample, [key]: value }));
    out.push(json(`${key} as an operator`, { ...sample, [key]: { $gt: '' } }));
  }
  out.push(json('server-set fields', { ...sample, id: 'x', _id: { $oid: '0' }, userId: 'someone-else', isAdmin: true, createdAt: 'yesterday' }));
  return out;
}

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Multipart bodies: truncated anywhere, malformed, lying about their parts, over the limits. */
function hostileMultipartBodies(rnd: () => number): Array<{ name: string; headers: Record<string, string>; body: Buffer }> {
  const b = 'ZZfuzz';
  const type = { 'content-type': `multipart/form-data; boundary=${b}` };
  const part = (filename: string, contentType: string, data: Buffer) =>
    Buffer.concat([Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="images"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`), data, Buffer.from('\r\n')]);
  const valid = Buffer.concat([part('a.png', 'image/png', PNG), Buffer.from(`--${b}--\r\n`)]);
  const out: Array<{ name: string; headers: Record<string, string>; body: Buffer }> = [
    { name: 'no closing boundary (the issue 16 kill)', headers: { 'content-type': 'multipart/form-data; boundary=ZZ' }, body: Buffer.concat([Buffer.from('--ZZ\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'), PNG.subarray(0, 8)]) },
    { name: 'headers only', headers: type, body: Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n`) },
    { name: 'no boundary parameter', headers: { 'content-type': 'multipart/form-data' }, body: valid },
    { name: 'wrong boundary', headers: { 'content-type': 'multipart/form-data; boundary=other' }, body: valid },
    { name: 'boundary too long', headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(200)}` }, body: valid },
    { name: 'LF line ends', headers: type, body: Buffer.from(valid.toString('latin1').replace(/\r\n/g, '\n'), 'latin1') },
    { name: 'no Content-Disposition', headers: type, body: Buffer.from(`--${b}\r\nContent-Type: image/png\r\n\r\nxx\r\n--${b}--\r\n`) },
    { name: 'path in the file name', headers: type, body: Buffer.concat([part('../../../../etc/passwd', 'image/png', PNG), Buffer.from(`--${b}--\r\n`)]) },
    { name: 'text that says image/png', headers: type, body: Buffer.concat([part('a.png', 'image/png', Buffer.from('<svg onload=alert(1)>')), Buffer.from(`--${b}--\r\n`)]) },
    { name: 'PNG signature only', headers: type, body: Buffer.concat([part('a.png', 'image/png', PNG.subarray(0, 8)), Buffer.from(`--${b}--\r\n`)]) },
    { name: 'huge part header', headers: type, body: Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="images"; filename="${'a'.repeat(100_000)}.png"\r\n\r\nxx\r\n--${b}--\r\n`) },
    { name: 'many parts', headers: type, body: Buffer.concat([...Array.from({ length: 60 }, (_, i) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`)), Buffer.from(`--${b}--\r\n`)]) },
    { name: 'nested multipart', headers: type, body: Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="images"\r\nContent-Type: multipart/mixed; boundary=inner\r\n\r\n--inner\r\n\r\nx\r\n--inner--\r\n\r\n--${b}--\r\n`) },
    { name: 'lying gzip', headers: { ...type, 'content-encoding': 'gzip' }, body: valid },
    { name: 'JSON content type', headers: { 'content-type': 'application/json' }, body: valid },
    { name: 'empty', headers: type, body: Buffer.alloc(0) },
  ];
  // Cut anywhere before the closing boundary.
  for (let i = 0; i < 8; i += 1) {
    const at = Math.floor(rnd() * (valid.length - b.length - 6));
    out.push({ name: `cut at byte ${at} of ${valid.length}`, headers: type, body: valid.subarray(0, at) });
  }
  return out;
}

/** Headers an attacker sends with any request. */
function hostileHeaders(): Array<{ name: string; headers: Record<string, string> }> {
  return [
    { name: 'oversized header', headers: { 'x-big': 'a'.repeat(20_000) } },
    { name: 'many cookies', headers: { cookie: Array.from({ length: 300 }, (_, i) => `c${i}=${'v'.repeat(40)}`).join('; ') } },
    { name: 'forged session cookie', headers: { cookie: 'cp_session=eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiIsImlzQWRtaW4iOnRydWV9.' } },
    { name: 'garbage bearer', headers: { authorization: `Bearer ${'x'.repeat(3_000)}` } },
    { name: 'garbage forwarded headers', headers: { 'x-forwarded-for': '1.1.1.1, <script>, ::::', 'x-forwarded-proto': 'gopher', 'x-forwarded-host': 'evil.example' } },
    { name: 'bad request id', headers: { 'x-request-id': '\u00ff'.repeat(10) } },
    { name: 'origin with userinfo', headers: { origin: 'http://evil.example@localhost' } },
    { name: 'accept-encoding garbage', headers: { 'accept-encoding': 'br;q=x, *;q=-1, gzip;q=NaN' } },
    { name: 'range garbage', headers: { range: 'bytes=999999999999-1,-,a-b' } },
  ];
}

/** Every other method on an endpoint's path (GET /api/logout once answered a plain-text 405). */
const WRONG_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'HEAD'];

/**
 * Every hostile request for one endpoint: its own method with hostile bodies, headers, ids and query strings, and
 * the other methods on its path. `id` is a real id for `:id` (a listing of the fuzzing user, say).
 */
export function hostileRequests(endpoint: Endpoint, rnd: () => number, id: string): HostileRequest[] {
  const path = endpoint.path.replace(':id', id);
  const out: HostileRequest[] = [];
  const add = (name: string, req: Omit<HostileRequest, 'name'>) => out.push({ name: `${endpoint.method} ${endpoint.path}: ${name}`, ...req });
  const bodies = endpoint.body === 'json' ? hostileJsonBodies(endpoint.sample ?? {}, rnd) : endpoint.body === 'multipart' ? hostileMultipartBodies(rnd) : [];
  for (const b of bodies) add(b.name, { method: endpoint.method, path, headers: b.headers, body: b.body });
  if (endpoint.body === 'none' && endpoint.method !== 'GET') {
    add('an unexpected JSON body', { method: endpoint.method, path, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"$where":"1"}') });
    add('an unexpected lying gzip body', { method: endpoint.method, path, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: Buffer.from('{}') });
  }
  for (const h of hostileHeaders()) add(h.name, { method: endpoint.method, path, headers: { ...h.headers, ...(endpoint.body === 'json' ? { 'content-type': 'application/json' } : {}) }, ...(endpoint.body === 'json' ? { body: Buffer.from(JSON.stringify(endpoint.sample ?? {})) } : {}) });
  if (endpoint.path.includes(':id')) {
    for (const bad of HOSTILE_IDS) add(`id ${bad.slice(0, 30)}`, { method: endpoint.method, path: endpoint.path.replace(':id', bad), headers: endpoint.body === 'json' ? { 'content-type': 'application/json' } : {}, ...(endpoint.body === 'json' ? { body: Buffer.from(JSON.stringify(endpoint.sample ?? {})) } : {}) });
  }
  for (const q of hostileQueries(endpoint.query ?? ['q'], rnd)) add(`query ${q.slice(0, 40)}`, { method: endpoint.method, path: `${path}?${q}`, headers: {} });
  for (const m of WRONG_METHODS.filter((x) => x !== endpoint.method)) add(`method ${m}`, { method: m, path, headers: {} });
  return out;
}

/** Requests Node's own parser refuses (written to the socket as they are): the answer must still be JSON. */
export const MALFORMED_HTTP: Array<{ name: string; raw: (host: string) => string }> = [
  { name: 'bad Content-Length', raw: (host) => `POST /api/listings HTTP/1.1\r\nHost: ${host}\r\nContent-Length: abc\r\n\r\n` },
  { name: 'two Content-Lengths', raw: (host) => `POST /api/listings HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}` },
  { name: 'broken chunked body', raw: (host) => `POST /api/listings HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n` },
  { name: 'smuggling: chunked and length', raw: (host) => `POST /api/listings HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /internal/sessions/x HTTP/1.1\r\nHost: ${host}\r\n\r\n` },
  { name: 'header without a colon', raw: (host) => `GET /api/listings HTTP/1.1\r\nHost: ${host}\r\nNoColonHere\r\n\r\n` },
  { name: 'bad method characters', raw: (host) => `G{T /api/listings HTTP/1.1\r\nHost: ${host}\r\n\r\n` },
  { name: 'HTTP/9', raw: (host) => `GET /api/listings HTTP/9.9\r\nHost: ${host}\r\n\r\n` },
  { name: 'oversized request line', raw: (host) => `GET /api/listings?${'a'.repeat(70_000)} HTTP/1.1\r\nHost: ${host}\r\n\r\n` },
  { name: 'control characters in a header', raw: (host) => `GET /api/listings HTTP/1.1\r\nHost: ${host}\r\nX-A: a\u0000b\r\n\r\n` },
];
