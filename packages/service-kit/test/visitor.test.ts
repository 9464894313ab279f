import { randomBytes, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { Context } from 'koa';
import { VISITOR_HEADER } from '@cp/contracts';
import { connectMongo, visitorKey, visitorRequest, visitorSalt } from '../src/index.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const vid = () => randomBytes(16).toString('base64url');

describe('visitorKey: who a visitor is, without keeping anything personal', () => {
  it('the visitor id the gateway verified is the visitor, whatever address and browser send it', () => {
    const id = vid();
    const key = visitorKey({ visitor: id, ip: '10.0.0.1', userAgent: UA }, 'salt');
    expect(key).toMatch(/^c:[A-Za-z0-9_-]{43}$/);
    expect(visitorKey({ visitor: id, ip: '10.0.0.2', userAgent: `${UA} Edg/156.0` }, 'salt')).toBe(key);
    expect(key).not.toContain(id);
    expect(visitorKey({ visitor: vid(), ip: '10.0.0.1', userAgent: UA }, 'salt')).not.toBe(key);
  });

  it('without one (or with a malformed one): address and browser', () => {
    const key = visitorKey({ visitor: undefined, ip: '10.0.0.1', userAgent: UA }, 'salt');
    expect(key).toMatch(/^a:[A-Za-z0-9_-]{43}$/);
    for (const visitor of ['short', `${vid()}x`, '', '%E0%A4%A']) {
      expect(visitorKey({ visitor, ip: '10.0.0.1', userAgent: UA }, 'salt')).toBe(key);
    }
    expect(visitorKey({ visitor: undefined, ip: '10.0.0.2', userAgent: UA }, 'salt')).not.toBe(key);
    expect(visitorKey({ visitor: undefined, ip: '10.0.0.1', userAgent: `${UA} Edg/156.0` }, 'salt')).not.toBe(key);
  });

  it("another service's salt makes another key", () => {
    const req = { visitor: vid(), ip: '10.0.0.1', userAgent: UA };
    expect(visitorKey(req, 'forum-salt')).not.toBe(visitorKey(req, 'ads-salt'));
  });

  it('a request through the gateway: its visitor id is the gateway\'s header, never the cookie a client made up', () => {
    const id = vid();
    const ctx = (headers: Record<string, string>) => ({ get: (name: string) => headers[name.toLowerCase()] ?? '', ip: '10.0.0.9' }) as unknown as Context;
    expect(visitorRequest(ctx({ [VISITOR_HEADER]: id, 'user-agent': UA }))).toEqual({ visitor: id, ip: '10.0.0.9', userAgent: UA });
    expect(visitorRequest(ctx({ cookie: `cp_vid=${id}` }))).toEqual({ visitor: undefined, ip: '10.0.0.9', userAgent: undefined });
  });
});

describe('visitorSalt: made once per database, the same for every replica', () => {
  let conn: Connection;
  beforeAll(async () => {
    conn = await connectMongo(testEnv().MONGO_URL, `kit_visitor_${randomUUID().slice(0, 8)}`);
  });
  afterAll(async () => {
    await conn?.dropDatabase();
    await conn?.close();
  });

  it('replicas starting together get one salt; it stays', async () => {
    const salts = await Promise.all(Array.from({ length: 8 }, () => visitorSalt(conn, 'x_settings')));
    expect(new Set(salts).size).toBe(1);
    expect(salts[0]!.length).toBeGreaterThanOrEqual(43);
    expect(await visitorSalt(conn, 'x_settings')).toBe(salts[0]);
    expect(await visitorSalt(conn, 'y_settings')).not.toBe(salts[0]);
    expect(await conn.db!.collection('x_settings').countDocuments()).toBe(1);
  });
});
