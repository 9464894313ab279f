/**
 * The hostile requests made of the corpus's endpoints (issue 16): bodies, headers, ids, query strings, wrong methods,
 * access and internal-path probes, raw malformed HTTP. Seeded (`rnd`) and bounded: the same seed gives the same requests.
 */
import { gzipSync } from 'node:zlib';
import type { Endpoint } from './types.ts';

/**
 * The user agent of every fuzz request that does not set its own: a browser's, so the requests reach the code that
 * counts views, impressions and clicks (a request without one is taken for a bot, answered and not counted).
 */
export const ATTACKER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export interface HostileRequest {
  /** What the request tries, for the failure message. */
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
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
    { name: 'huge user agent', headers: { 'user-agent': `Mozilla/5.0 ${'x'.repeat(8_000)}` } },
  ];
}

/** Every other method on an endpoint's path (GET /api/logout once answered a plain-text 405). */
const WRONG_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'HEAD'];

/** The endpoint's path with `:id` replaced. */
const pathOf = (endpoint: Endpoint, id: string) => endpoint.path.replace(':id', id);

/** The endpoint's headers and body as a valid request sends them. */
function validBody(endpoint: Endpoint): Pick<HostileRequest, 'headers' | 'body'> {
  return endpoint.body === 'json' ? { headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(endpoint.sample ?? {})) } : { headers: {} };
}

/**
 * Every hostile request for one endpoint: its own method with hostile bodies, headers, ids and query strings, and
 * the other methods on its path — except those another endpoint of `siblings` serves there (a DELETE on the path of a
 * PUT is that DELETE endpoint, fuzzed as such and in its turn). `id` is a real id for `:id` (a setup record).
 */
export function hostileRequests(endpoint: Endpoint, rnd: () => number, id: string, siblings: Endpoint[] = []): HostileRequest[] {
  const path = pathOf(endpoint, id);
  const out: HostileRequest[] = [];
  const add = (name: string, req: Omit<HostileRequest, 'name'>) => out.push({ name: `${endpoint.method} ${endpoint.path}: ${name}`, ...req });
  const bodies = endpoint.body === 'json' ? hostileJsonBodies(endpoint.sample ?? {}, rnd) : endpoint.body === 'multipart' ? hostileMultipartBodies(rnd) : [];
  for (const b of bodies) add(b.name, { method: endpoint.method, path, headers: b.headers, body: b.body });
  if (endpoint.body === 'none' && endpoint.method !== 'GET') {
    add('an unexpected JSON body', { method: endpoint.method, path, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"$where":"1"}') });
    add('an unexpected lying gzip body', { method: endpoint.method, path, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: Buffer.from('{}') });
  }
  const valid = validBody(endpoint);
  for (const h of hostileHeaders()) add(h.name, { method: endpoint.method, path, ...valid, headers: { ...h.headers, ...valid.headers } });
  if (endpoint.path.includes(':id')) {
    for (const bad of HOSTILE_IDS) add(`id ${bad.slice(0, 30)}`, { method: endpoint.method, path: pathOf(endpoint, bad), ...valid });
  }
  for (const q of hostileQueries(endpoint.query ?? ['q'], rnd)) add(`query ${q.slice(0, 40)}`, { method: endpoint.method, path: `${path}?${q}`, headers: {} });
  const served = new Set(siblings.filter((s) => s.path === endpoint.path).map((s) => s.method));
  for (const m of WRONG_METHODS.filter((x) => !served.has(x as Endpoint['method']) && x !== endpoint.method)) add(`method ${m}`, { method: m, path, headers: {} });
  return out;
}

/** An access check: a valid request to an endpoint behind a login, sent as `caller`, must be refused with `status`. */
export interface AccessProbe {
  req: HostileRequest;
  caller: 'nobody' | 'attacker';
  status: 401 | 403;
}

/** Logged out every protected endpoint answers 401; an admin endpoint with a non-admin session 403 (both JSON). */
export function accessProbes(endpoint: Endpoint, id: string): AccessProbe[] {
  if (!endpoint.auth) return [];
  const req = (who: string): HostileRequest => ({ name: `${endpoint.method} ${endpoint.path}: valid, ${who}`, method: endpoint.method, path: pathOf(endpoint, id), ...validBody(endpoint) });
  const probes: AccessProbe[] = [{ req: req('logged out'), caller: 'nobody', status: 401 }];
  if (endpoint.auth === 'admin') probes.push({ req: req('not an admin'), caller: 'attacker', status: 403 });
  return probes;
}

/** Service-to-service paths as the gateway must refuse them: the plain request and its near spellings, 404 JSON. */
export function internalProbes(endpoint: Endpoint, id: string): HostileRequest[] {
  const path = pathOf(endpoint, id);
  return [path, `${path}/`, `${path}?x=1`, path.replace(/\/[^/]+$/, ''), '/internal', '/internal/'].map((p) => ({ name: `internal ${p} through the gateway`, method: endpoint.method, path: p, headers: {} }));
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
