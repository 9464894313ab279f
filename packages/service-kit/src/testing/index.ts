import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createAuth, signSessionToken, type Auth } from '../auth.ts';

/**
 * Real session checks for tests that build a router without identity: `createAuth` (passport-jwt, the production
 * verifier) on a fresh key pair, with the sessions it knows held in memory. `cookie()` signs in a user (an admin with
 * `{ admin: true }`) and gives the Cookie header a browser would send.
 */
export function testAuth(): { auth: Auth; cookie(opts?: { admin?: boolean }): string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const sessions = new Map<string, { userId: string; isAdmin: boolean }>();
  const auth = createAuth({
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    issuer: 'cp-identity',
    audience: 'cp-web',
    sessions: { check: async (sid) => sessions.get(sid) ?? null },
  });
  const key = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    auth,
    cookie: (opts = {}) => {
      const sid = randomUUID();
      const userId = randomUUID();
      sessions.set(sid, { userId, isAdmin: opts.admin ?? false });
      return `cp_session=${signSessionToken(key, { userId, sid, isAdmin: opts.admin ?? false }, { issuer: 'cp-identity', audience: 'cp-web', expiresInSeconds: 600 })}`;
    },
  };
}

/**
 * What a service behind identity needs in its environment before its own variables: local MongoDB and NATS,
 * identity's address and a public key (its configuration checks only that there is one). A configuration test adds
 * its service's variables to these.
 */
export const behindIdentityVars = {
  MONGO_URL: 'mongodb://127.0.0.1:27017/?replicaSet=rs0',
  NATS_URL: 'nats://127.0.0.1:4222',
  IDENTITY_URL: 'http://127.0.0.1:4001',
  JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nMFkw\\n-----END PUBLIC KEY-----',
};
