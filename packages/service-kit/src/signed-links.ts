import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * Links that act without a login (issue 22: renew a listing from its reminder mail, unsubscribe from a mail): the
 * token in the link says what it may do, for how long, and is signed by the service that will act on it, with a key
 * only that service holds. `<payload>.<signature>`, both base64url: the payload is JSON `{ p: purpose, e: expiry (unix
 * seconds), d: data }`, the signature HMAC-SHA256 of the encoded payload under LINK_SIGNING_KEY. A token of another
 * purpose, altered, signed with another key, expired or whose data does not parse is refused the same way, with one
 * 400 sentence (the caller's), so a forger learns nothing about which check failed.
 */

/** The service's key for its signed links: at least 32 random bytes, base64url or hex (no default: local runs generate it). */
export const SignedLinksEnv = z.object({
  LINK_SIGNING_KEY: z.string().regex(/^[A-Za-z0-9_-]{43,}$|^[0-9a-fA-F]{64,}$/, 'must be at least 32 random bytes, base64url or hex'),
});

export interface SignedLinks<T> {
  /** A token carrying `data`, good until `expiresAt`. */
  sign(data: T, expiresAt: Date): string;
  /** The data of a valid token; a 400 HttpError with the invalid sentence for anything else. */
  verify(token: unknown, now?: Date): T;
}

const Envelope = z.object({ p: z.string(), e: z.number().int(), d: z.unknown() }).strict();

function keyBytes(key: string): Buffer {
  return /^[0-9a-fA-F]{64,}$/.test(key) && key.length % 2 === 0 ? Buffer.from(key, 'hex') : Buffer.from(key, 'base64url');
}

/**
 * Signed links of one purpose ('renew-listing', 'unsubscribe'...). `schema` is the data's contract; `invalid` the
 * sentence every refused token gets (400).
 */
export function createSignedLinks<S extends z.ZodType>(opts: { key: string; purpose: string; schema: S; invalid: string }): SignedLinks<z.infer<S>> {
  const key = keyBytes(opts.key);
  if (key.length < 32) throw new Error('LINK_SIGNING_KEY must hold at least 32 bytes');
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  const refuse = () => badRequest(opts.invalid);
  return {
    sign(data, expiresAt) {
      const payload = Buffer.from(JSON.stringify({ p: opts.purpose, e: Math.floor(expiresAt.getTime() / 1000), d: opts.schema.parse(data) })).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token, now = new Date()) {
      if (typeof token !== 'string' || token.length > 2_048) throw refuse();
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0 || !/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(signature)) throw refuse();
      const expected = mac(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
      let envelope: z.infer<typeof Envelope>;
      try {
        envelope = Envelope.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      } catch {
        throw refuse();
      }
      if (envelope.p !== opts.purpose || envelope.e * 1000 <= now.getTime()) throw refuse();
      const data = opts.schema.safeParse(envelope.d);
      if (!data.success) throw refuse();
      return data.data as z.infer<S>;
    },
  };
}
