import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { createSignedLinks, HttpError, SignedLinksEnv } from '../src/index.ts';

const key = randomBytes(32).toString('base64url');
const schema = z.object({ listingId: z.string().regex(/^[0-9a-f]{24}$/) }).strict();
const INVALID = 'This renewal link is invalid or has expired';
const links = createSignedLinks({ key, purpose: 'renew-listing', schema, invalid: INVALID });
const listingId = '65a1b2c3d4e5f6a7b8c9d0e1';
const inAnHour = () => new Date(Date.now() + 3_600_000);

function refused(run: () => unknown): HttpError {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return err as HttpError;
  }
  throw new Error('accepted');
}

describe('signed links', () => {
  test('a token signed for an item verifies to that item until it expires', () => {
    const token = links.sign({ listingId }, inAnHour());
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(links.verify(token)).toEqual({ listingId });
    const late = refused(() => links.verify(token, new Date(Date.now() + 3_600_001)));
    expect([late.status, late.message]).toEqual([400, INVALID]);
  });

  test('an altered payload, another key, another purpose, a cut or joined token and non-strings are refused with the same 400', () => {
    const token = links.sign({ listingId }, inAnHour());
    const [payload, signature] = token.split('.') as [string, string];
    const other = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { d: { listingId: string } };
    other.d.listingId = 'ffffffffffffffffffffffff';
    const forged = `${Buffer.from(JSON.stringify(other)).toString('base64url')}.${signature}`;
    const otherKey = createSignedLinks({ key: randomBytes(32).toString('hex'), purpose: 'renew-listing', schema, invalid: INVALID }).sign({ listingId }, inAnHour());
    const otherPurpose = createSignedLinks({ key, purpose: 'unsubscribe', schema, invalid: INVALID }).sign({ listingId }, inAnHour());
    for (const bad of [forged, otherKey, otherPurpose, payload, `${token}.x`, `${payload}.`, '', 'a.b', 42, null, undefined, { token }, 'x'.repeat(5_000)]) {
      const err = refused(() => links.verify(bad));
      expect([err.status, err.message]).toEqual([400, INVALID]);
    }
  });

  test('data its contract refuses is never signed, and a signed envelope with data of another shape is refused', () => {
    expect(() => links.sign({ listingId: 'not-an-id' }, inAnHour())).toThrow();
    const loose = createSignedLinks({ key, purpose: 'renew-listing', schema: z.unknown(), invalid: INVALID }).sign({ listingId: 'x' }, inAnHour());
    expect(refused(() => links.verify(loose)).status).toBe(400);
  });

  test('the key is required and at least 32 bytes', () => {
    expect(SignedLinksEnv.safeParse({}).success).toBe(false);
    expect(SignedLinksEnv.safeParse({ LINK_SIGNING_KEY: 'short' }).success).toBe(false);
    expect(SignedLinksEnv.safeParse({ LINK_SIGNING_KEY: randomBytes(32).toString('base64url') }).success).toBe(true);
    expect(SignedLinksEnv.safeParse({ LINK_SIGNING_KEY: randomBytes(32).toString('hex') }).success).toBe(true);
  });
});
