import { randomBytes, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { connectMongo, visitorKey, visitorSalt } from '../src/index.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const vid = () => randomBytes(16).toString('base64url');

describe('visitorKey: who a visitor is, without keeping anything personal', () => {
  it('a well-formed cp_vid is the visitor, whatever address and browser send it', () => {
    const id = vid();
    const key = visitorKey({ cookie: `cp_vid=${id}`, ip: '10.0.0.1', userAgent: UA }, 'salt');
    expect(key).toMatch(/^c:[A-Za-z0-9_-]{43}$/);
    expect(visitorKey({ cookie: `theme=dark; cp_vid=${id}; cp_session=a.b.c`, ip: '10.0.0.2', userAgent: `${UA} Edg/156.0` }, 'salt')).toBe(key);
    expect(key).not.toContain(id);
    expect(visitorKey({ cookie: `cp_vid=${vid()}`, ip: '10.0.0.1', userAgent: UA }, 'salt')).not.toBe(key);
  });

  it('without one (or with a malformed one): address and browser', () => {
    const key = visitorKey({ cookie: undefined, ip: '10.0.0.1', userAgent: UA }, 'salt');
    expect(key).toMatch(/^a:[A-Za-z0-9_-]{43}$/);
    for (const cookie of ['cp_vid=short', `cp_vid=${vid()}x`, 'cp_vid=', `other=${vid()}`, 'cp_vid=%E0%A4%A']) {
      expect(visitorKey({ cookie, ip: '10.0.0.1', userAgent: UA }, 'salt')).toBe(key);
    }
    expect(visitorKey({ cookie: undefined, ip: '10.0.0.2', userAgent: UA }, 'salt')).not.toBe(key);
    expect(visitorKey({ cookie: undefined, ip: '10.0.0.1', userAgent: `${UA} Edg/156.0` }, 'salt')).not.toBe(key);
  });

  it("another service's salt makes another key", () => {
    const req = { cookie: `cp_vid=${vid()}`, ip: '10.0.0.1', userAgent: UA };
    expect(visitorKey(req, 'forum-salt')).not.toBe(visitorKey(req, 'ads-salt'));
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
