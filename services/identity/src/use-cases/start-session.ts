import { randomBytes } from 'node:crypto';
import { signSessionToken } from '@cp/service-kit';
import { REMEMBER_ME_DAYS } from '@cp/contracts';
import type { IdentityDeps } from './deps.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Without "remember me" the cookie lives for the browser session and the server session for at most a day. */
export const SHORT_SESSION_MS = DAY_MS;
export const REMEMBER_ME_MS = REMEMBER_ME_DAYS * DAY_MS;

export interface IssuedSession {
  token: string;
  sid: string;
  /** Cookie Max-Age in seconds; undefined for a browser-session cookie. */
  cookieMaxAge: number | undefined;
}

/** A new server session and its signed token (a fresh id at every login). */
export async function startSession(
  deps: IdentityDeps,
  user: { id: string; isAdmin: boolean },
  rememberMe: boolean,
  userAgent?: string,
): Promise<IssuedSession> {
  const now = deps.now();
  const lifetimeMs = rememberMe ? REMEMBER_ME_MS : SHORT_SESSION_MS;
  const sid = randomBytes(32).toString('base64url');
  await deps.sessions.create({
    _id: sid,
    sess: { userId: user.id, rememberMe, createdAt: now, ...(userAgent ? { userAgent: userAgent.slice(0, 256) } : {}) },
    expire: new Date(now.getTime() + lifetimeMs),
  });
  const token = signSessionToken(deps.config.privateKey, { userId: user.id, sid, isAdmin: user.isAdmin }, {
    issuer: deps.config.JWT_ISSUER,
    audience: deps.config.JWT_AUDIENCE,
    expiresInSeconds: Math.floor(lifetimeMs / 1000),
  });
  return { token, sid, cookieMaxAge: rememberMe ? Math.floor(lifetimeMs / 1000) : undefined };
}
