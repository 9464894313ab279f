import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface KeyFiles {
  privateKeyFile: string;
  publicKeyFile: string;
}

/**
 * The identity token signing key pair (ES256) for a local stack, generated on first start into the profile's
 * data folder (gitignored) and reused afterwards. Production passes its own keys through the environment.
 */
export function ensureSigningKeys(dir: string): KeyFiles {
  const privateKeyFile = path.join(dir, 'jwt-private.pem');
  const publicKeyFile = path.join(dir, 'jwt-public.pem');
  if (!existsSync(privateKeyFile) || !existsSync(publicKeyFile)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    writeFileSync(privateKeyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    writeFileSync(publicKeyFile, publicKey.export({ type: 'spki', format: 'pem' }), { mode: 0o644 });
  }
  readFileSync(privateKeyFile); // fail early when unreadable
  return { privateKeyFile, publicKeyFile };
}

/**
 * The password of the demo accounts (contracts' DEMO_ACCOUNTS) of a local stack with demo data: generated on first
 * start into the profile's data folder (gitignored), reused afterwards, printed by `npm start`. No default password.
 */
export function ensureDemoPassword(dir: string): string {
  const file = path.join(dir, 'demo-accounts-password');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(file, `${randomBytes(12).toString('base64url')}\n`, { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * A service's key for its signed links (service kit signed-links.ts: renew and unsubscribe links in mails), for a local
 * stack: 32 random bytes generated on first start into the profile's data folder (gitignored), one per service (only
 * the service that signs a link can verify it), shared by its replicas, reused afterwards. Production passes its own.
 */
export function ensureLinkSigningKey(dir: string, service: string): string {
  return ensureRandomKey(dir, `link-signing-${service}`);
}

/**
 * The gateway's keys for the visitor id cookie (VISITOR_ID_KEYS, issue 41 §2) for a local stack: one key, `local`, of 32
 * random bytes generated on first start into the profile's data folder (gitignored), shared by the gateway's replicas,
 * reused afterwards (a browser's cookie holds across restarts). Production passes its own, rotated by key id.
 */
export function ensureVisitorIdKeys(dir: string): string {
  return `local:${ensureRandomKey(dir, 'visitor-id-key')}`;
}

/** 32 random bytes (base64url) in `dir/name`, made on first use and read afterwards. */
function ensureRandomKey(dir: string, name: string): string {
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}
